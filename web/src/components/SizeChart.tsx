/**
 * A metric against message size: one line + points per result series (`circle.chart-point`), the paper's
 * reference values as diamonds (`path.reference-point`), log-scaled axes (charts/sizeChartModel.ts).
 * While comparing, run B's series are overlaid dashed with hollow squares (`rect.chart-point-b`), same colours.
 */
import { useMemo, useRef } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import { format } from 'd3-format';
import type { ScaleLogarithmic } from 'd3-scale';
import { logTickLabel } from '../charts/logTickFormat';
import { useElementSize } from '../hooks/useElementSize';
import { useSimResult } from '../hooks/useSimResult';
import { useScenario } from '../hooks/useScenario';
import { useRunStatus } from '../hooks/useRunStatus';
import { CHART_MARGIN, computeSizeChart, type Metric } from '../charts/sizeChartModel';
import { formatBytes, sizeTicks } from '../charts/formatBytes';
import { SERIES_COLORS } from '../theme/palette';
import { ChartAxis } from './ChartAxis';
import { NoResult } from './NoResult';
import { pingPongOf } from '../../../core-wasm/js/scenarioTypes';
import { useCompareStore } from '../state/compareStore';
import { useStore } from 'zustand';
import { compareRun } from '../run/runs';
import { describeCompare } from '../compare/compareSpec';

/** Prefix of run B's series ids in the chart model (compare overlay). */
const B = 'b:';

const HEIGHT = 215;

function diamond(x: number, y: number, r: number): string {
  return `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`;
}

export function SizeChart({ metric, title, yLabel, testId }: { metric: Metric; title: string; yLabel: string; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  const result = useSimResult();
  const status = useRunStatus();
  const scenario = useScenario();
  const specs = scenario.workload.series;
  const resultB = useStore(compareRun.store, (s) => s.result);
  const spec = useCompareStore((s) => s.spec);
  const comparing = spec !== null && resultB !== null;
  const series = useMemo(
    () => [...(result?.series ?? []), ...(comparing ? resultB.series.map((x) => ({ ...x, id: B + x.id })) : [])],
    [result, resultB, comparing],
  );
  const reference = useMemo(() => scenario.reference?.series ?? [], [scenario]);
  // "Seed 002 (Pedretti & Brightwell): ..." -> "paper (seed 002)"; no source -> "paper".
  const model = useMemo(
    () => computeSizeChart(metric, series, reference, pingPongOf(scenario)?.sizes_bytes ?? [], width || 400, HEIGHT),
    [metric, series, reference, scenario, width],
  );
  const seriesIds = [...new Set([...specs.map((s) => s.id), ...series.filter((s) => !s.id.startsWith(B)).map((s) => s.id)])];
  const base = (id: string) => (id.startsWith(B) ? id.slice(B.length) : id);
  const colorOf = (id: string) => SERIES_COLORS[Math.max(0, seriesIds.indexOf(base(id))) % SERIES_COLORS.length];
  /** Dash pattern per series, so overlapping lines stay distinguishable without colour; comparing: A solid, B dashed. */
  const dashOf = (id: string) =>
    comparing ? (id.startsWith(B) ? '6 4' : '') : ['', '6 3', '2 3', '8 3 2 3'][Math.max(0, seriesIds.indexOf(id)) % 4];
  const labelOf = (id: string) => {
    const b = id.startsWith(B);
    // The core's label first: a grouped run's names the pair it was measured on ("... (pair 0-32, all groups at once)").
    const plain = series.find((s) => s.id === id)?.label ?? specs.find((s) => s.id === base(id))?.label ?? base(id);
    return b ? `${plain} (run B)` : plain;
  };

  const xAxis = useMemo(
    () =>
      axisBottom(model.x)
        .tickValues(sizeTicks(model.maxBytes, model.innerWidth < 420))
        .tickFormat((d) => formatBytes(Number(d))),
    [model],
  );
  const yAxis = useMemo(() => {
    const axis = axisLeft(model.y);
    if (metric !== 'latency_us') return axis.ticks(5).tickFormat(format('~d'));
    // The log scale's own tickFormat decides which ticks get a label (1, 10, 100, ... between unlabelled 2-9); ours
    // writes it.
    const thinned = (model.y as ScaleLogarithmic<number, number>).tickFormat(5, '~g');
    return axis.ticks(5).tickFormat((d) => (thinned(d) === '' ? '' : logTickLabel(Number(d))));
  }, [model, metric]);

  return (
    <section className="panel chart-panel" aria-label={title} data-panel={metric === 'latency_us' ? 'latency' : 'bandwidth'}>
      <div className="panel-title">
        <h2>{title}</h2>
        <ul className="legend">
          {seriesIds.map((id) => (
            <li key={id}>
              <svg width="22" height="10" aria-hidden="true">
                <line x1="1" x2="21" y1="5" y2="5" stroke={colorOf(id)} strokeWidth="2" strokeDasharray={dashOf(id)} />
                <circle cx="11" cy="5" r="3" fill={colorOf(id)} />
              </svg>
              {labelOf(id)}
            </li>
          ))}
          {/* Only when the chart has published points: the half-shift and other scenarios of our own have none. */}
          {model.referencePoints.length > 0 && (
            <li data-testid={`${testId}-legend-paper`} title={scenario.reference?.source}>
              <svg width="12" height="12" aria-hidden="true">
                <path d={diamond(6, 6, 5)} fill="#fff" stroke="#000" strokeWidth="1.5" />
              </svg>
              {referenceLabel(scenario.reference?.source)}
            </li>
          )}
          {comparing && (
            <li data-testid={`${testId}-legend-b`}>
              <svg width="22" height="10" aria-hidden="true">
                <line x1="1" x2="21" y1="5" y2="5" stroke="#000" strokeWidth="2" strokeDasharray="6 4" />
                <rect x="8" y="2" width="6" height="6" fill="#fff" stroke="#000" />
              </svg>
              run B, dashed: {describeCompare(spec, scenario)} (solid: run A)
            </li>
          )}
        </ul>
      </div>
      {status === 'error' && !result && <NoResult testId={testId} />}
      <div ref={ref} className="chart-box" data-testid={testId} hidden={status === 'error' && !result}>
        <svg width={width} height={HEIGHT} role="img" aria-label={title}>
          <g transform={`translate(${CHART_MARGIN.left},${CHART_MARGIN.top})`}>
            <ChartAxis axis={xAxis} transform={`translate(0,${model.innerHeight})`} className="axis axis-x" />
            <ChartAxis axis={yAxis} className="axis axis-y" />
            <text className="axis-label" x={model.innerWidth / 2} y={model.innerHeight + 30} textAnchor="middle">
              message size (bytes; 0 B at the left edge, log scale)
            </text>
            <text
              className="axis-label"
              transform={`translate(${-44},${model.innerHeight / 2}) rotate(-90)`}
              textAnchor="middle"
            >
              {yLabel}
            </text>
            {model.lines.map((l) => (
              <path
                key={l.seriesId}
                className="chart-line"
                d={l.d}
                stroke={colorOf(l.seriesId)}
                strokeDasharray={dashOf(l.seriesId)}
                fill="none"
              />
            ))}
            {model.points.filter((p) => p.seriesId.startsWith(B)).map((p) => (
              <rect
                key={`${p.seriesId}-${p.bytes}`}
                className="chart-point-b"
                data-series={base(p.seriesId)}
                x={p.x - 3}
                y={p.y - 3}
                width={6}
                height={6}
                fill="#fff"
                stroke={colorOf(p.seriesId)}
                strokeWidth={1.5}
              >
                <title>{`Run B, ${labelOf(p.seriesId)}, ${formatBytes(p.bytes)}: ${p.value.toFixed(2)} ${metric === 'latency_us' ? 'µs' : 'MB/s'}`}</title>
              </rect>
            ))}
            {model.points.filter((p) => !p.seriesId.startsWith(B)).map((p) => (
              <circle
                key={`${p.seriesId}-${p.bytes}`}
                className="chart-point"
                data-series={p.seriesId}
                cx={p.x}
                cy={p.y}
                r={3}
                fill={colorOf(p.seriesId)}
              >
                <title>{`${labelOf(p.seriesId)}, ${formatBytes(p.bytes)}: ${p.value.toFixed(2)} ${metric === 'latency_us' ? 'µs' : 'MB/s'}`}</title>
              </circle>
            ))}
            {model.referencePoints.map((p) => (
              <path
                key={`ref-${p.seriesId}-${p.bytes}`}
                className="reference-point"
                data-series={p.seriesId}
                d={diamond(p.x, p.y, 6)}
                fill="#fff"
                stroke={colorOf(p.seriesId)}
                strokeWidth={2}
              >
                <title>{`Paper, ${labelOf(p.seriesId)}, ${formatBytes(p.bytes)}: ${p.value} ${metric === 'latency_us' ? 'µs' : 'MB/s'}${p.note ? ` (${p.note})` : ''}`}</title>
              </path>
            ))}
            {!result && (
              <text className="chart-note" x={model.innerWidth / 2} y={model.innerHeight / 2} textAnchor="middle">
                {status === 'error' ? 'no result (see the error above)' : 'simulating…'}
              </text>
            )}
          </g>
        </svg>
      </div>
    </section>
  );
}

/** Legend text for the published points: the seed paper's number from the scenario's reference source, else
 * "published" (e.g. the InfiniBand scenario's OSU figures; the tooltip gives the source). */
function referenceLabel(source: string | undefined): string {
  const m = source?.match(/seed\s*(\d{3})/i);
  return m ? `paper (seed ${m[1]})` : 'published';
}
