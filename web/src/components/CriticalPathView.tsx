/**
 * Critical-path view (issue 38): for the picked message (or the ping-pong iteration it starts, or the PVFS2 I/O call it
 * belongs to: issue 37), the steps that
 * determined its end-to-end time as a waterfall on a time axis, one lane per resource and node, coloured by
 * resource class and labelled with the trace's step names; the iteration's host steps (seed 002 Table 1's rows) as
 * a band above; the time per resource as a stacked bar with its figures; and the steps as a table (each step's time
 * on the path and its own whole time). A message clicked in the sequence chart or on the cluster, or picked in the
 * event-chain view, is picked here too (the same selection). Clicking a bar moves the time cursor to it.
 */
import { useMemo, useRef } from 'react';
import { scaleLinear } from 'd3-scale';
import { axisBottom } from 'd3-axis';
import { useChainMessages } from '../hooks/useChainMessages';
import { useChainMessage } from '../hooks/useChainMessage';
import { useCriticalPath } from '../hooks/useCriticalPath';
import { useElementSize } from '../hooks/useElementSize';
import { useScenario } from '../hooks/useScenario';
import { useChainSelectionStore } from '../state/chainSelectionStore';
import { usePathUnitStore } from '../state/pathUnitStore';
import { seek } from '../state/timeCursor';
import { pingPongOf } from '../../../core-wasm/js/scenarioTypes';
import { RESOURCE_CLASSES, RESOURCE_LABELS, type CriticalPath, type PathSegment, type ResourceClass } from '../../../core-wasm/js/criticalPath';
import { stepTotals } from '../../../core-wasm/js/pathSteps';
import { useRun } from '../run/RunContext';
import { useTraceVersion } from '../hooks/useTraceVersion';
import { TraceKind } from '../sim/traceKindCodes';
import { RESOURCE_COLORS } from '../theme/palette';
import { MessagePicker } from './MessagePicker';
import { PathSizeCharts } from './PathSizeCharts';
import { PathCompare } from './PathCompare';
import { ChartAxis } from './ChartAxis';

const LANE_H = 20;
const LABEL_W = 120;
/** Lane labels: the resource classes' short names. */
const LANE_LABELS: Record<ResourceClass, string> = {
  host_cpu: 'host CPU', wakeup: 'wake-up', pci: 'PCI bus', nic: 'NIC', link: 'links, switches', sci_ringlet: 'SCI ringlet', storage: 'storage', waiting: 'waiting',
};
const PHASE_H = 22;
const AXIS_H = 24;

/** Lanes: one per (resource, node), in order of first appearance on the path. */
function lanesOf(segments: readonly PathSegment[]): { key: string; label: string }[] {
  const lanes = new Map<string, string>();
  for (const s of segments) {
    const key = `${s.resource}:${s.node ?? ''}`;
    if (!lanes.has(key)) lanes.set(key, `${LANE_LABELS[s.resource]}${s.node === null ? '' : ` · node ${s.node}`}`);
  }
  return [...lanes].map(([key, label]) => ({ key, label }));
}

const ROLE_TEXT: Record<PathSegment['role'], string> = {
  path: 'on the causal chain',
  queued: 'on the chain, another message the resource served first',
  overlap: 'work of the message in progress',
  waiting: 'nothing of the message ran',
};

const us = (ps: number, digits = 3) => (ps / 1e6).toFixed(digits);

function Waterfall({ path, width }: { path: CriticalPath; width: number }) {
  const lanes = useMemo(() => lanesOf(path.segments), [path]);
  const laneIndex = useMemo(() => new Map(lanes.map((l, i) => [l.key, i])), [lanes]);
  const plotW = Math.max(200, width - LABEL_W - 40);
  const x = useMemo(() => scaleLinear().domain([0, (path.end_ps - path.start_ps) / 1e6]).range([0, plotW]), [path, plotW]);
  const axis = useMemo(() => axisBottom(x).ticks(Math.max(2, Math.floor(plotW / 80))).tickFormat((d) => `${d} µs`), [x, plotW]);
  const top = path.phases.length > 0 ? PHASE_H + 4 : 0;
  const height = top + lanes.length * LANE_H + AXIS_H;
  const xs = (ps: number) => x((ps - path.start_ps) / 1e6);
  return (
    <svg width={LABEL_W + plotW + 8} height={height} className="path-waterfall" data-testid="path-waterfall" role="img"
      aria-label={`Critical path, ${us(path.end_ps - path.start_ps)} µs, ${path.segments.length} segments on ${lanes.length} lanes`}>
      <g transform={`translate(${LABEL_W},0)`}>
        {path.phases.map((p, i) => (
          <g key={i} data-testid="path-phase" data-step={p.step} data-us={us(p.end_ps - p.start_ps)}>
            <rect x={xs(p.start_ps)} y={0} width={Math.max(1, xs(p.end_ps) - xs(p.start_ps))} height={PHASE_H} className={`path-phase path-phase-${i % 2}`} />
            <text x={xs(p.start_ps) + 3} y={PHASE_H - 7} className="path-phase-label">
              {xs(p.end_ps) - xs(p.start_ps) > 60 ? `${p.step} ${us(p.end_ps - p.start_ps, 1)} µs` : ''}
            </text>
            <title>{`${p.step}: ${us(p.end_ps - p.start_ps)} µs (the sending host's step)`}</title>
          </g>
        ))}
      </g>
      {lanes.map((l, i) => (
        <text key={l.key} x={LABEL_W - 6} y={top + i * LANE_H + LANE_H / 2 + 4} textAnchor="end" className="path-lane-label">
          {l.label}
        </text>
      ))}
      <g transform={`translate(${LABEL_W},${top})`}>
        {lanes.map((l, i) => (
          <line key={l.key} x1={0} x2={plotW} y1={i * LANE_H + LANE_H} y2={i * LANE_H + LANE_H} className="path-lane-rule" />
        ))}
        {path.segments.map((s, i) => {
          const lane = laneIndex.get(`${s.resource}:${s.node ?? ''}`) ?? 0;
          const x0 = xs(s.start_ps);
          const w = Math.max(1, xs(s.end_ps) - x0);
          return (
            <g key={i} data-testid="path-segment" data-resource={s.resource} data-step={s.step} onClick={() => seek(s.start_ps)} className="path-segment">
              <rect x={x0} y={lane * LANE_H + 3} width={w} height={LANE_H - 6} fill={RESOURCE_COLORS[s.resource]}
                className={`path-${s.role}`} />
              {w > s.step.length * 6 + 8 && (
                <text x={x0 + 3} y={lane * LANE_H + LANE_H / 2 + 4} className="path-segment-label">{s.step}</text>
              )}
              <title>{`${s.step}: ${us(s.end_ps - s.start_ps)} µs from ${us(s.start_ps)} µs (${RESOURCE_LABELS[s.resource]}${s.node === null ? '' : `, node ${s.node}`}; ${
                ROLE_TEXT[s.role]}). Click: move the time cursor here`}</title>
            </g>
          );
        })}
        <ChartAxis axis={axis} transform={`translate(0,${lanes.length * LANE_H})`} className="axis" />
      </g>
    </svg>
  );
}

function Totals({ path }: { path: CriticalPath }) {
  const total = path.end_ps - path.start_ps;
  const used = RESOURCE_CLASSES.filter((c) => path.by_resource_ps[c] > 0);
  return (
    <div className="path-totals">
      <div className="path-stack" aria-hidden="true">
        {used.map((c) => (
          <span key={c} style={{ width: `${(100 * path.by_resource_ps[c]) / total}%`, background: RESOURCE_COLORS[c] }} title={`${RESOURCE_LABELS[c]}: ${us(path.by_resource_ps[c])} µs`} />
        ))}
      </div>
      <ul className="legend path-legend" aria-label="Time per resource">
        {used.map((c) => (
          <li key={c} data-testid={`path-total-${c}`} data-us={us(path.by_resource_ps[c])}>
            <svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill={RESOURCE_COLORS[c]} /></svg>
            {RESOURCE_LABELS[c]} <b>{us(path.by_resource_ps[c])} µs</b> ({((100 * path.by_resource_ps[c]) / total).toFixed(0)}%)
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A long path's time by kind of step (an I/O call's hundreds of segments), the largest first. */
function StepTotals({ path }: { path: CriticalPath }) {
  const rows = useMemo(() => stepTotals(path).slice(0, 12), [path]);
  const total = path.end_ps - path.start_ps;
  return (
    <table className="path-step-totals" data-testid="path-step-totals">
      <caption>Time per kind of step (the 12 largest), µs</caption>
      <thead>
        <tr><th>step</th><th>resource</th><th>times</th><th>µs</th><th>share</th></tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={`${t.resource} ${t.step}`}>
            <td>{t.step}</td><td>{RESOURCE_LABELS[t.resource]}</td><td>{t.count}</td><td>{us(t.ps)}</td><td>{((100 * t.ps) / total).toFixed(0)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CriticalPathView() {
  const boxRef = useRef<HTMLElement>(null);
  const { width } = useElementSize(boxRef);
  const messages = useChainMessages();
  const { message } = useChainMessage();
  const scenario = useScenario();
  const pingpong = pingPongOf(scenario) !== null;
  const { trace } = useRun();
  useTraceVersion();
  // PVFS2 runs trace each client's outstanding requests: their I/O calls are units too.
  const pvfs2 = trace.hasLevelKind(TraceKind.client_requests);
  const storedUnit = usePathUnitStore((s) => s.unit);
  const unit = (storedUnit === 'iteration' && pingpong) || (storedUnit === 'call' && pvfs2) ? storedUnit : 'message';
  const state = useCriticalPath(message, unit);
  const path = state && 'path' in state ? state.path : null;
  return (
    <section ref={boxRef} className="panel path-panel" data-testid="critical-path-view" aria-label="Critical path"
      data-compute-ms={state && 'ms' in state ? state.ms.toFixed(1) : undefined}>
      <div className="panel-title">
        <h2>Critical path</h2>
        <span>
          <MessagePicker
            messages={messages}
            message={message}
            onPick={(m) => useChainSelectionStore.getState().setMessage(m)}
            testIdPrefix="path"
            purpose="Message whose critical path is drawn"
          />{' '}
          <span role="radiogroup" aria-label="What the path covers" className="path-unit">
            <label>
              <input type="radio" name="path-unit" data-testid="path-unit-message" checked={unit === 'message'} onChange={() => usePathUnitStore.getState().setUnit('message')} /> the message
            </label>
            <label title={pingpong ? 'From the sending host\'s Post receive to its Wait for arrival: seed 002 Table 1\'s steps' : 'Only a ping-pong has iterations'}>
              <input type="radio" name="path-unit" data-testid="path-unit-iteration" disabled={!pingpong} checked={unit === 'iteration'} onChange={() => usePathUnitStore.getState().setUnit('iteration')} /> its ping-pong iteration
            </label>
            <label title={pvfs2 ? 'The PVFS2 I/O call the message belongs to: the client\'s PVFS_sys_io, from its requests to the last server\'s response' : 'Only a PVFS2 run has I/O calls'}>
              <input type="radio" name="path-unit" data-testid="path-unit-call" disabled={!pvfs2} checked={unit === 'call'} onChange={() => usePathUnitStore.getState().setUnit('call')} /> its PVFS2 I/O call
            </label>
          </span>
        </span>
      </div>
      {state === null && <p className="muted">Pick a message (or click one in the sequence chart or on the cluster) to see which steps its time went to: host CPU, PCI bus, NIC, links, wake-ups, storage, or waiting.</p>}
      {state && 'error' in state && <p className="muted" data-testid="path-error">No path: {state.error}.</p>}
      {path && (
        <>
          <p className="path-status" data-testid="path-status">
            {path.unit.kind === 'call' ? `The I/O call of message #${message}` : `${unit === 'iteration' ? 'Iteration' : 'Message'} #${path.unit.message}`}: <b data-testid="path-total-us">{us(path.end_ps - path.start_ps)} µs</b> from {us(path.start_ps)} µs,{' '}
            {path.segments.length} segments. Bars on the causal chain are solid (hatched: another message the resource served first); lighter ones are the message's own work going on meanwhile; grey is waiting.
          </p>
          <Totals path={path} />
          {path.unit.kind === 'call' ? <StepTotals path={path} /> : <PathCompare pathA={path} entry={messages.find((m) => m.message === message)} />}
          <Waterfall path={path} width={width} />
          {state && 'steps' in state && (
            <details className="path-steps">
              <summary>Steps on the path ({state.steps.length})</summary>
              <table className="data-table" data-testid="path-steps">
                <thead>
                  <tr><th>step</th><th>resource</th><th>node</th><th>on the path (µs)</th><th>the step's own time (µs)</th></tr>
                </thead>
                <tbody>
                  {state.steps.map((s, i) => (
                    <tr key={i}>
                      <td>{s.step}</td><td>{RESOURCE_LABELS[s.resource]}</td><td>{s.node ?? ''}</td><td>{us(s.ps)}</td><td>{us(s.record_ps)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </>
      )}
      <PathSizeCharts width={width} />
    </section>
  );
}
