/**
 * Sequence chart (time–space diagram): one vertical lifeline per node involved in the window around the time
 * cursor, time running down; a thick arrow per protocol message (sender → receiver, start → delivery), thin
 * coloured arrows for the packet flows carrying it (rendezvous header, RDMA data, ACKs); a cursor line.
 * Click an arrow to move the time cursor to its start and open its packet layers; wheel or +/− zooms the window.
 */
import { useMemo, useRef } from 'react';
import { scaleLinear, scalePoint } from 'd3-scale';
import { axisLeft } from 'd3-axis';
import { useElementSize } from '../hooks/useElementSize';
import { useTimeWindow } from '../hooks/useTimeWindow';
import { useSequenceModel } from '../hooks/useSequenceModel';
import { useScenario } from '../hooks/useScenario';
import { useViewStore } from '../state/viewStore';
import { seek } from '../state/timeCursor';
import { usePacketSelectionStore } from '../state/packetSelectionStore';

/** Seeks to an arrow's start and picks its message for the packet-layers view. */
function openMessage(message: number, start_ps: number): void {
  seek(start_ps);
  usePacketSelectionStore.getState().pick({ message, packet: null });
}
import { formatBytes } from '../charts/formatBytes';
import { defaultLanes } from '../scenario/scenarioTypes';
import { OKABE_ITO, PACKET_STYLE } from '../theme/palette';
import { ChartAxis } from './ChartAxis';
import { WindowZoom } from './WindowZoom';

const HEIGHT = 300;
const MARGIN = { top: 26, right: 24, bottom: 8, left: 64 };

export function SequenceChart() {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  const { from_ps, to_ps, cursor_ps } = useTimeWindow();
  const model = useSequenceModel(from_ps, to_ps);
  const scenario = useScenario();
  const zoom = useViewStore((s) => s.zoom);
  const w = Math.max(width, 300);
  const nodes = model && model.nodes.length > 0 ? model.nodes : defaultLanes(scenario);
  const x = useMemo(() => scalePoint<number>().domain(nodes).range([MARGIN.left, w - MARGIN.right]).padding(0.5), [nodes.join(','), w]);
  const y = useMemo(() => scaleLinear().domain([from_ps / 1e6, to_ps / 1e6]).range([MARGIN.top, HEIGHT - MARGIN.bottom]), [from_ps, to_ps]);
  const yAxis = useMemo(() => axisLeft(y).ticks(6).tickFormat((d) => `${d} µs`), [y]);
  const us = (ps: number) => y(ps / 1e6);
  const seriesLabel = (i: number) => scenario.workload.series[i]?.label ?? `series ${i}`;

  return (
    <section className="panel" data-testid="sequence-chart" aria-label="Sequence chart">
      <div className="panel-title">
        <h2>Sequence chart</h2>
        <span className="legend">
          <span><b>━</b> message</span>
          {Object.entries(PACKET_STYLE).map(([k, s]) => (
            <span key={k} style={{ color: s.color }}>→ {s.label}</span>
          ))}
        </span>
        <WindowZoom testId="sequence" />
      </div>
      <div ref={ref} className="chart-box" onWheel={(e) => zoom(e.deltaY < 0 ? -1 : 1)}>
        <svg width={w} height={HEIGHT} role="img" aria-label="Messages between nodes around the time cursor">
          <defs>
            <marker id="seq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0L10,5L0,10Z" fill="context-stroke" />
            </marker>
          </defs>
          <ChartAxis axis={yAxis} transform={`translate(${MARGIN.left - 8},0)`} className="axis" />
          {nodes.map((n) => (
            <g key={n} data-testid="seq-lifeline" data-node={n}>
              <line x1={x(n)} x2={x(n)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} className="lifeline" />
              <text x={x(n)} y={14} textAnchor="middle" className="lifeline-label">
                node {n}
              </text>
            </g>
          ))}
          {model?.flows.map((f) => (
            <line
              key={`${f.message}:${f.kind}:${f.from}`}
              x1={x(f.from)} y1={us(f.start_ps)} x2={x(f.to)} y2={us(f.end_ps)}
              stroke={PACKET_STYLE[f.kind]?.color ?? OKABE_ITO.black}
              strokeWidth={1.3}
              markerEnd="url(#seq-arrow)"
              className="seq-flow"
              data-testid="seq-flow"
              onClick={() => openMessage(f.message, f.start_ps)}
            >
              <title>{`${PACKET_STYLE[f.kind]?.label ?? f.kind} packets ×${f.packets}, message ${f.message}: node ${f.from} → node ${f.to}`}</title>
            </line>
          ))}
          {model?.messages.map((m) =>
            m.from === null ? null : (
              <g key={m.record} className="seq-message" data-testid="seq-message" data-start-ps={m.start_ps} data-message={m.message} onClick={() => openMessage(m.message, m.start_ps)}>
                <line x1={x(m.from)} y1={us(m.start_ps)} x2={x(m.to)} y2={us(m.end_ps)} className="seq-hit" />
                <line x1={x(m.from)} y1={us(m.start_ps)} x2={x(m.to)} y2={us(m.end_ps)} stroke={OKABE_ITO.black} strokeWidth={2.4} markerEnd="url(#seq-arrow)" />
                <text x={((x(m.from) ?? 0) + (x(m.to) ?? 0)) / 2} y={(us(m.start_ps) + us(m.end_ps)) / 2 - 4} textAnchor="middle" className="seq-label">
                  {seriesLabel(m.seriesIndex)} · {formatBytes(m.bytes)}{m.bytes > 0 ? ' B' : ''}
                </text>
                <title>{`message ${m.message}: node ${m.from} → node ${m.to}, ${m.bytes} B, ${(m.start_ps / 1e6).toFixed(3)}–${(m.end_ps / 1e6).toFixed(3)} µs (click to jump)`}</title>
              </g>
            ),
          )}
          <line x1={MARGIN.left - 8} x2={w - MARGIN.right} y1={us(cursor_ps)} y2={us(cursor_ps)} className="time-cursor" data-testid="seq-cursor" />
          {model && model.messages.length === 0 && model.flows.length === 0 && (
            <text x={w / 2} y={HEIGHT / 2} textAnchor="middle" className="chart-note">no messages within ±{((to_ps - from_ps) / 2e6).toFixed(0)} µs of the cursor</text>
          )}
        </svg>
      </div>
    </section>
  );
}
