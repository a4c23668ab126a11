/**
 * Where a ping-pong's one-way time goes at every message size (issue 38 item 2): per series, a stacked bar per size
 * of the first iteration's critical path by resource class, halved (one way, as the latency chart plots it), in µs
 * or as shares of the time. Clicking a bar picks that message in the critical-path view.
 */
import { useMemo, useState } from 'react';
import { scaleBand, scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { stack } from 'd3-shape';
import { RESOURCE_CLASSES, RESOURCE_LABELS, type ResourceClass } from '../../../core-wasm/js/criticalPath';
import { usePathsBySize, type SizeStack } from '../hooks/usePathsBySize';
import { useScenario } from '../hooks/useScenario';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { usePathUnitStore } from '../state/pathUnitStore';
import { pingPongOf } from '../../../core-wasm/js/scenarioTypes';
import { RESOURCE_COLORS } from '../theme/palette';
import { formatBytes } from '../charts/formatBytes';
import { ChartAxis } from './ChartAxis';

const H = 190;
/**
 * A run without sizes (not a ping-pong): one array for every render. A fresh `[]` each render changed
 * usePathsBySize's dependencies every render, so its effect reset its state after every render, an urgent update
 * that threw away every transition in progress: with this view open on a PVFS2 run, the run's progress, the
 * message lists and the charts stayed where the run's first trace batches had left them (2026-11-29).
 */
const NO_SIZES: readonly number[] = [];
const M = { left: 48, right: 8, top: 8, bottom: 34 };

function SizeChart({ label, stacks, share, width }: { label: string; stacks: SizeStack[]; share: boolean; width: number }) {
  const x = useMemo(() => scaleBand<number>().domain(stacks.map((s) => s.bytes)).range([M.left, width - M.right]).padding(0.15), [stacks, width]);
  const rows = useMemo(
    () => stacks.map((s) => {
      const total = RESOURCE_CLASSES.reduce((a, c) => a + s.by_resource_ps[c], 0) || 1;
      return Object.fromEntries(RESOURCE_CLASSES.map((c) => [c, share ? (100 * s.by_resource_ps[c]) / total : s.by_resource_ps[c] / 1e6])) as Record<ResourceClass, number>;
    }),
    [stacks, share],
  );
  const layers = useMemo(() => stack<Record<ResourceClass, number>, ResourceClass>().keys([...RESOURCE_CLASSES])(rows), [rows]);
  const yMax = share ? 100 : Math.max(1e-9, ...rows.map((r) => RESOURCE_CLASSES.reduce((a, c) => a + r[c], 0)));
  const y = useMemo(() => scaleLinear().domain([0, yMax]).range([H - M.bottom, M.top]).nice(), [yMax]);
  const every = Math.ceil(stacks.length / Math.max(1, Math.floor((width - M.left) / 34)));
  const xAxis = useMemo(() => axisBottom(x).tickValues(x.domain().filter((_, i) => i % every === 0)).tickFormat((b) => formatBytes(b)), [x, every]);
  const yAxis = useMemo(() => axisLeft(y).ticks(4), [y]);
  return (
    <figure className="path-size-chart" data-testid="path-size-chart" data-series={label}>
      <figcaption>{label}</figcaption>
      <svg width={width} height={H} role="img" aria-label={`${label}: one-way time per resource against message size`}>
        {layers.map((layer) => (
          <g key={layer.key} fill={RESOURCE_COLORS[layer.key]}>
            {layer.map((d, i) => (
              <rect key={stacks[i].bytes} x={x(stacks[i].bytes)} width={x.bandwidth()} y={y(d[1])} height={Math.max(0, y(d[0]) - y(d[1]))} className="path-size-bar"
                onClick={() => {
                  usePathUnitStore.getState().setUnit('iteration');
                  useChainSelectionStore.getState().setMessage(stacks[i].message);
                }}>
                <title>{`${formatBytes(stacks[i].bytes)}: ${RESOURCE_LABELS[layer.key]} ${(stacks[i].by_resource_ps[layer.key] / 1e6).toFixed(2)} µs one way. Click: this iteration's path`}</title>
              </rect>
            ))}
          </g>
        ))}
        <ChartAxis axis={xAxis} transform={`translate(0,${H - M.bottom})`} className="axis" />
        <ChartAxis axis={yAxis} transform={`translate(${M.left},0)`} className="axis" />
        <text transform={`translate(11,${(H - M.bottom + M.top) / 2}) rotate(-90)`} textAnchor="middle" className="axis-title">{share ? '% of the time' : 'µs one way'}</text>
      </svg>
    </figure>
  );
}

export function PathSizeCharts({ width }: { width: number }) {
  const scenario = useScenario();
  const pingpong = pingPongOf(scenario);
  const [open, setOpen] = useState(false);
  const [share, setShare] = useState(true);
  const series = scenario.workload.series;
  const sizes = pingpong?.sizes_bytes ?? NO_SIZES;
  const { stacks, done, total } = usePathsBySize(series.length, sizes, open && pingpong !== null);
  if (!pingpong) return null;
  const chartW = Math.max(260, Math.min(520, (width - 24) / Math.min(series.length, 3)));
  return (
    <details className="path-sizes" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary data-testid="path-sizes-toggle">Where the time goes at every message size (one chart per series)</summary>
      <p className="muted">
        Each bar: the first iteration at that size, its critical path by resource, halved (one way, as the latency chart plots it).{' '}
        <label><input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} /> as shares of the time</label>
        {done < total && <span data-testid="path-sizes-progress"> · computing {done} of {total}…</span>}
      </p>
      <div className="path-size-charts">
        {stacks.map((s, i) => s.length > 0 && <SizeChart key={series[i].id} label={series[i].label ?? series[i].id} stacks={s} share={share} width={chartW} />)}
      </div>
    </details>
  );
}
