/**
 * Perfetto-like timeline of the selected node around the time cursor: host API steps, NIC thread steps (names
 * from the kinds JSON), PCI transactions, and the NIC input-queue level (when the run's NICs keep one); a cursor
 * line. Click to set the time; wheel or +/− zooms the window shared with the sequence chart.
 */
import { useMemo, useRef, type MouseEvent } from 'react';
import { scaleLinear } from 'd3-scale';
import { axisTop } from 'd3-axis';
import { line, curveStepAfter } from 'd3-shape';
import { useElementSize } from '../hooks/useElementSize';
import { useTimeWindow } from '../hooks/useTimeWindow';
import { useSelection } from '../hooks/useSelection';
import { useTopology } from '../hooks/useTopology';
import { useNodeParts } from '../hooks/useNodeParts';
import { useKindNames } from '../hooks/useKindNames';
import { useTimelineModel } from '../hooks/useTimelineModel';
import { useViewStore } from '../state/viewStore';
import { seek } from '../state/timeCursor';
import { valueName } from '../sim/traceKinds';
import { STEP_COLORS, OKABE_ITO } from '../theme/palette';
import { ChartAxis } from './ChartAxis';
import { WindowZoom } from './WindowZoom';
import { useTraceKeepsLevel } from '../hooks/useTraceKeepsLevel';
import { TraceKind } from '../sim/traceKindCodes';
import { formatUs, formatUsTick } from '../charts/formatUs';
import { axisLabelPx } from '../charts/axisMargin';

const LABEL_W = 88;
const AXIS_H = 22;
const TRACK_H = 26;
const LEVEL_H = 40;
const RIGHT = 12;

export function TimelineView() {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  const { from_ps, to_ps, cursor_ps } = useTimeWindow();
  const selection = useSelection();
  const node = selection?.kind === 'node' ? selection.node : null;
  const parts = useNodeParts(useTopology(), node);
  const model = useTimelineModel(parts, from_ps, to_ps);
  const names = useKindNames();
  const zoom = useViewStore((s) => s.zoom);
  const w = Math.max(width, 300);
  const x = useMemo(() => scaleLinear().domain([from_ps, to_ps]).range([LABEL_W, w - RIGHT]).clamp(true), [from_ps, to_ps, w]);
  // As many ticks as their labels (11 px type) fit side by side, at most 6.
  const axis = useMemo(() => {
    const fit = Math.max(2, Math.min(6, Math.floor((w - RIGHT - LABEL_W) / axisLabelPx(formatUsTick(to_ps), 11))));
    return axisTop(x).ticks(fit).tickFormat((d) => formatUsTick(Number(d)));
  }, [x, to_ps, w]);
  const tracks = model?.tracks ?? [];
  // The input-queue lane only when the run's NICs keep a QDMA input queue (not SCI, Ethernet or InfiniBand runs).
  const hasInputQueue = useTraceKeepsLevel(TraceKind.input_queue);
  const height = AXIS_H + tracks.length * TRACK_H + (hasInputQueue ? LEVEL_H : 0) + 6;
  const levelTop = AXIS_H + tracks.length * TRACK_H + 4;
  const levelMax = Math.max(1, model?.inputQueueMax ?? 1);
  const levelPath = useMemo(() => {
    if (!model) return '';
    const steps = [...model.inputQueue, { t_ps: to_ps, level: model.inputQueue.at(-1)?.level ?? 0 }];
    return line<{ t_ps: number; level: number }>()
      .x((d) => x(d.t_ps))
      .y((d) => levelTop + LEVEL_H - 4 - (d.level / levelMax) * (LEVEL_H - 8))
      .curve(curveStepAfter)(steps) ?? '';
  }, [model, x, levelTop, levelMax, to_ps]);

  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    if (px >= LABEL_W) seek(x.invert(px));
  };

  return (
    <section className="panel" data-testid="timeline" aria-label="Timeline of the selected node">
      <div className="panel-title">
        <h2>Timeline{node !== null ? ` · node ${node}` : ''}</h2>
        <span className="muted">µs; click to set the time</span>
        <WindowZoom testId="timeline" />
      </div>
      <div ref={ref} className="chart-box" onWheel={(e) => zoom(e.deltaY < 0 ? -1 : 1)}>
        {!model ? (
          <p className="muted">Select a node in the cluster view.</p>
        ) : (
          <svg width={w} height={height} onClick={onClick} role="img" aria-label="Host, NIC thread, PCI and input-queue tracks">
            <ChartAxis axis={axis} transform={`translate(0,${AXIS_H - 2})`} className="axis" />
            {tracks.map((t, i) => {
              const top = AXIS_H + i * TRACK_H;
              return (
                <g key={t.id} data-testid={`timeline-track-${t.id}`} data-spans={t.spans.length}>
                  <rect x={0} y={top} width={w} height={TRACK_H} className={i % 2 ? 'track-bg-alt' : 'track-bg'} />
                  <text x={4} y={top + TRACK_H / 2 + 4} className="track-label">{t.label}</text>
                  {t.spans.map((s) => {
                    const x0 = x(s.start_ps);
                    const name = valueName(names, t.kind, s.code);
                    const sw = Math.max(1, x(s.end_ps) - x0);
                    return (
                      <g key={s.record}>
                        <rect x={x0} y={top + 3} width={sw} height={TRACK_H - 6} fill={STEP_COLORS[Math.abs(s.code) % STEP_COLORS.length]} className="span">
                          <title>{`${name}: ${formatUs(s.start_ps)}–${formatUs(s.end_ps)} µs`}</title>
                        </rect>
                        {sw > 60 && (
                          <text x={x0 + 3} y={top + TRACK_H / 2 + 4} className="span-label" clipPath={undefined}>
                            {name.length * 6 > sw ? `${name.slice(0, Math.floor(sw / 6.5))}…` : name}
                          </text>
                        )}
                      </g>
                    );
                  })}
                </g>
              );
            })}
            {hasInputQueue && (
              <g data-testid="timeline-track-input-queue">
                <text x={4} y={levelTop + 14} className="track-label">input queue</text>
                <text x={4} y={levelTop + 28} className="track-label muted-label">max {model.inputQueueMax}</text>
                <path d={levelPath} fill="none" stroke={OKABE_ITO.blue} strokeWidth={1.5} />
              </g>
            )}
            <line x1={x(cursor_ps)} x2={x(cursor_ps)} y1={AXIS_H - 2} y2={height} className="time-cursor" data-testid="timeline-cursor" />
          </svg>
        )}
      </div>
    </section>
  );
}
