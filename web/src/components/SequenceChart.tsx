/**
 * Sequence chart (time–space diagram): one vertical lifeline per node (a ping-pong's pair and any other node
 * with a message in the window; every rank of an MPI job — NAS runs, an all-to-all — rank r on node r; many lanes
 * get a rank axis labelled every k ranks, SequenceLanes), time running down over the window
 * around the time cursor; a thick arrow per protocol message (sender → receiver, start → delivery), thin
 * coloured arrows for the packet flows carrying it; a dynamic job's lanes are nodes, the joining process's node only
 * while its messages are in the window, (rendezvous header, RDMA data, ACKs); a cursor line.
 * Up to SVG_MAX_MESSAGES messages are SVG elements (labelled, and in an MPI job with their packet flows, when few); a denser window (an MPI job zoomed out) draws its
 * messages on a canvas, coloured by transport (SequenceCanvas). Only the window's records are read.
 * Click an arrow to move the time cursor to its start and open its packet layers; wheel or +/− zooms the window.
 * The message the open walkthrough step narrates (hooks/useWalkthroughMessage.ts) is drawn over the walkthrough's
 * highlight colour.
 */
import { useMemo, useRef } from 'react';
import { scaleLinear, scalePoint } from 'd3-scale';
import { axisLeft } from 'd3-axis';
import { axisLeftMargin } from '../charts/axisMargin';
import { useElementSize } from '../hooks/useElementSize';
import { useTimeWindow } from '../hooks/useTimeWindow';
import { useSequenceModel } from '../hooks/useSequenceModel';
import { useScenario } from '../hooks/useScenario';
import { useTraceVersion } from '../hooks/useTraceVersion';
import { useViewStore } from '../state/viewStore';
import { seek } from '../state/timeCursor';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { formatBytes } from '../charts/formatBytes';
import { timeAxisScale, formatHalfWindow } from '../charts/timeAxis';
import { defaultLanes, joinerOf, mpiRanksOf } from '../../../core-wasm/js/scenarioTypes';
import { OKABE_ITO, PACKET_STYLE, SERIES_COLORS } from '../theme/palette';
import { useRun } from '../run/RunContext';
import type { RunController } from '../run/runController';
import { nextMessageStart, type PacketFlow } from '../trace/sequenceModel';
import { useTopology } from '../hooks/useTopology';
import { networkPacketLabel } from '../trace/networkFacts';
import { packetLegendEntries } from './PacketLegend';
import type { SequenceSegment } from '../trace/sequencePainter';
import { ChartAxis } from './ChartAxis';
import { WindowZoom } from './WindowZoom';
import { SequenceCanvas } from './SequenceCanvas';
import { SequenceLanes } from './SequenceLanes';
import { useWalkthroughMessage } from '../hooks/useWalkthroughMessage';
import { formatUs } from '../charts/formatUs';
import { placeLabels, type LabelCandidate } from '../charts/labelPlacement';
import { useWalkthroughStore } from '../state/walkthroughStore';

/** Seeks to an arrow's start and picks its message (of `run`) for the packet-layers view. */
function openMessage(run: RunController, message: number, start_ps: number): void {
  seek(start_ps);
  usePacketSelectionStore.getState().pick({ message, packet: null, run });
}

const HEIGHT = 300;
const MARGIN = { top: 26, right: 24, bottom: 8, left: 72 };
/** Above this many messages in the window they are drawn on a canvas, without labels. */
const SVG_MAX_MESSAGES = 120;
/** Above this many messages the SVG arrows carry no labels (hover shows them); up to it, those that fit (charts/labelPlacement.ts). */
const LABEL_MAX_MESSAGES = 12;
/** Font size (px) of the arrows' labels (styles.css `.seq-label`; 14 px in presentation mode). */
const LABEL_PX = 11;
const LABEL_PX_PRESENTING = 14;

export function SequenceChart() {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  const { from_ps, to_ps, cursor_ps } = useTimeWindow();
  const scenario = useScenario();
  // An MPI job (NAS runs, all-to-all): lanes are ranks, arrows coloured by transport.
  const nas = mpiRanksOf(scenario) !== null;
  // Packet flows are drawn only in a sparse window (below); the model skips their scan in a denser one.
  const model = useSequenceModel(from_ps, to_ps, nas ? LABEL_MAX_MESSAGES : SVG_MAX_MESSAGES);
  const run = useRun();
  const topology = useTopology();
  useTraceVersion(); // the "next message" button reads the growing trace
  // The message the open walkthrough step narrates, drawn with the walkthrough's highlight.
  const narrated = useWalkthroughMessage();
  const zoom = useViewStore((s) => s.zoom);
  const presenting = useWalkthroughStore((s) => s.presenting);
  // A dynamic job's joining process is rank `processes` on a node of its own: its lanes are nodes, named with their rank.
  const joiner = joinerOf(scenario);
  const ranks = mpiRanksOf(scenario) ?? 0;
  const noun = nas && !joiner ? 'rank' : 'node';
  const w = Math.max(width, 300);
  const nodes = useMemo(
    () => [...new Set([...defaultLanes(scenario), ...(model?.nodes ?? [])])].sort((a, b) => a - b),
    [scenario, model],
  );
  const y = useMemo(() => scaleLinear().domain([from_ps, to_ps]).range([MARGIN.top, HEIGHT - MARGIN.bottom]), [from_ps, to_ps]);
  // The time axis, and the left margin its labels need (wider far into a long run: "171,603,680 µs").
  const { yAxis, left } = useMemo(() => {
    const t = timeAxisScale(from_ps / 1e6, to_ps / 1e6, [MARGIN.top, HEIGHT - MARGIN.bottom]);
    const labels = t.scale.ticks(6).map((v) => t.label(v));
    return {
      yAxis: axisLeft(t.scale).ticks(6).tickFormat((d) => t.label(Number(d))),
      left: axisLeftMargin(labels, presenting ? 14 : 11, MARGIN.left),
    };
  }, [from_ps, to_ps, presenting]);
  const x = useMemo(() => scalePoint<number>().domain(nodes).range([left, w - MARGIN.right]).padding(0.5), [nodes, w, left]);
  // Packet kinds in the terms of the networks they cross (the cluster view's legend: "SCI echo", "TCP ACK").
  const packetKinds = useMemo(() => packetLegendEntries(topology), [topology]);
  const flowLabel = (f: PacketFlow) =>
    (topology ? networkPacketLabel(topology, f.kind, f.network) : null) ?? PACKET_STYLE[f.kind]?.label ?? String(f.kind);
  const seriesLabel = (i: number) => scenario.workload.series[i]?.label ?? `series ${i}`;
  const seriesColor = (i: number) => (nas ? SERIES_COLORS[i % SERIES_COLORS.length] : OKABE_ITO.black);
  const messages = model?.messages ?? [];
  const dense = messages.length > SVG_MAX_MESSAGES;
  const labelled = messages.length <= LABEL_MAX_MESSAGES;
  // An MPI job's window's packet flows (SCI remote writes, echoes) would hide its MPI arrows: shown only when few
  // (the model leaves them out above the same count).
  const flows = !dense && (!nas || labelled) ? (model?.flows ?? []) : [];
  const segments = useMemo<SequenceSegment[]>(
    () =>
      dense
        ? messages.map((m) => ({
            message: m.message, start_ps: m.start_ps, x1: m.from === null ? null : (x(m.from) ?? null),
            y1: y(m.start_ps), x2: x(m.to) ?? 0, y2: y(m.end_ps), color: SERIES_COLORS[m.seriesIndex % SERIES_COLORS.length],
          }))
        : [],
    [dense, messages, x, y],
  );
  const known = messages.filter((m) => m.from !== null);
  const labelText = (m: (typeof messages)[number]) =>
    `${nas ? '' : `${seriesLabel(m.seriesIndex)} · `}${formatBytes(m.bytes)}${m.bytes > 0 ? ' B' : ''}`;
  // The labels drawn, by message record: none covering another (arrows that start together share a midpoint); the
  // narrated message's placed first.
  const shownLabels = new Map<number, LabelCandidate>();
  if (labelled) {
    const order = [...known].sort((a, b) => Number(b.message === narrated) - Number(a.message === narrated));
    const candidates = order.map((m) => ({
      x: ((x(m.from!) ?? 0) + (x(m.to) ?? 0)) / 2, y: (y(m.start_ps) + y(m.end_ps)) / 2 - 4, text: labelText(m),
    }));
    const keep = placeLabels(candidates, presenting ? LABEL_PX_PRESENTING : LABEL_PX);
    order.forEach((m, i) => keep[i] && shownLabels.set(m.record, candidates[i]));
  }
  const drawnLanes = new Set(known.flatMap((m) => [m.from!, m.to]));
  const lane = (n: number) =>
    !joiner ? (nas ? `rank ${n}` : `node ${n}`)
    : n === joiner.node ? `node ${n} (rank ${joiner.rank}, the joining process)`
    : n < ranks ? `node ${n} (rank ${n})` : `node ${n}`;
  const next = model && messages.length === 0 ? nextMessageStart(run.trace, cursor_ps) : null;
  const seriesInView = [...new Set(messages.map((m) => m.seriesIndex))].sort();

  return (
    <section className="panel" data-testid="sequence-chart" aria-label="Sequence chart">
      <div className="panel-title">
        <h2>Sequence chart</h2>
        <span className="legend">
          {nas ? (
            seriesInView.map((i) => (
              <span key={i} style={{ color: seriesColor(i) }}><b>━</b> MPI message, {seriesLabel(i)}</span>
            ))
          ) : (
            <span><b>━</b> message</span>
          )}
          {(!nas || flows.length > 0) &&
            packetKinds.map((e) => (
              <span key={`${e.kind}:${e.label}`} title={e.fabric ? `on the ${e.fabric}` : undefined} data-testid="seq-packet-kind">
                {/* Only the arrow in the kind's colour: orange or green text on white is below WCAG's 4.5:1. */}
                <b style={{ color: PACKET_STYLE[e.kind]?.color ?? OKABE_ITO.black }}>→</b> {e.label}
              </span>
            ))}
        </span>
        <WindowZoom testId="sequence" />
      </div>
      <div
        ref={ref}
        className="chart-box seq-box"
        onWheel={(e) => zoom(e.deltaY < 0 ? -1 : 1)}
        data-testid="seq-box"
        data-messages={known.length}
        data-lanes={drawnLanes.size}
        data-mode={dense ? 'canvas' : 'svg'}
      >
        <svg width={w} height={HEIGHT} role="img" aria-label={`Messages between ${nas ? 'MPI ranks' : 'nodes'} around the time cursor`}>
          <defs>
            <marker id="seq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0L10,5L0,10Z" fill="context-stroke" />
            </marker>
          </defs>
          <ChartAxis axis={yAxis} transform={`translate(${left - 8},0)`} className="axis" />
          <SequenceLanes lanes={nodes} x={x} top={MARGIN.top} bottom={HEIGHT - MARGIN.bottom} noun={noun} />
          {flows.map((f) => (
            <line
              key={`${f.message}:${f.kind}:${f.from}`}
              x1={x(f.from)} y1={y(f.start_ps)} x2={x(f.to)} y2={y(f.end_ps)}
              stroke={PACKET_STYLE[f.kind]?.color ?? OKABE_ITO.black}
              strokeWidth={1.3}
              markerEnd="url(#seq-arrow)"
              className="seq-flow"
              data-testid="seq-flow"
              onClick={() => openMessage(run, f.message, f.start_ps)}
            >
              <title>{`${flowLabel(f)} packets ×${f.packets}, message ${f.message}: node ${f.from} → node ${f.to}`}</title>
            </line>
          ))}
          {!dense && messages.map((m) => {
            const x2 = x(m.to) ?? 0;
            if (m.from === null) {
              return (
                <line key={m.record} x1={x2 - 5} x2={x2 + 5} y1={y(m.end_ps)} y2={y(m.end_ps)} stroke={seriesColor(m.seriesIndex)} strokeWidth={2}>
                  <title>{`message ${m.message} delivered to ${lane(m.to)} (sender known when the run has finished)`}</title>
                </line>
              );
            }
            const x1 = x(m.from) ?? 0;
            const isNarrated = m.message === narrated;
            const label = shownLabels.get(m.record);
            return (
              <g key={m.record} className={isNarrated ? 'seq-message narrated' : 'seq-message'} data-testid="seq-message"
                data-start-ps={m.start_ps} data-message={m.message} data-narrated={isNarrated || undefined}
                onClick={() => openMessage(run, m.message, m.start_ps)}>
                <line x1={x1} y1={y(m.start_ps)} x2={x2} y2={y(m.end_ps)} className="seq-hit" />
                <line x1={x1} y1={y(m.start_ps)} x2={x2} y2={y(m.end_ps)} stroke={seriesColor(m.seriesIndex)} strokeWidth={2.4} markerEnd="url(#seq-arrow)" />
                {label && (
                  <text x={label.x} y={label.y} textAnchor="middle" className="seq-label">
                    {label.text}
                  </text>
                )}
                <title>{`message ${m.message}: ${lane(m.from)} → ${lane(m.to)}, ${m.bytes} B, ${formatUs(m.start_ps)}–${formatUs(m.end_ps)} µs (click to jump)`}</title>
              </g>
            );
          })}
          <line x1={left - 8} x2={w - MARGIN.right} y1={y(cursor_ps)} y2={y(cursor_ps)} className="time-cursor" data-testid="seq-cursor" />
          {model && messages.length === 0 && model.flows.length === 0 && (
            <text x={w / 2} y={HEIGHT / 2} textAnchor="middle" className="chart-note">
              no messages within {formatHalfWindow((to_ps - from_ps) / 2e6)} of the cursor
            </text>
          )}
        </svg>
        {dense && <SequenceCanvas width={w} height={HEIGHT} segments={segments} onPick={(message, start_ps) => openMessage(run, message, start_ps)} />}
        {next !== null && (
          <button type="button" className="seq-next" data-testid="seq-next-message" onClick={() => seek(next)}>
            next message ▸ ({(next / 1e6).toLocaleString(undefined, { maximumFractionDigits: 1 })} µs)
          </button>
        )}
      </div>
    </section>
  );
}
