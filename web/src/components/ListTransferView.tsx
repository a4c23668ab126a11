/**
 * The list transfer at the time cursor, or the one the open walkthrough step narrates, inside the PVFS2 storage view
 * (seed 000): the pieces of one BMI rendezvous (the cut of the client's address/length list and the server's flow
 * buffer) moving from the sender's memory to the receiver's, each filled when the core traced it in the receiver's
 * memory (inspect/listTransfers.ts). Playing animates it: SG-LIO fills piece by piece as the NIC's chain of RDMA
 * descriptors fires, iterative as each host-posted RDMA lands, LIO all at once when the unpack copy ends, PVFS2/IBA
 * one RDMA write per receiver segment. The client's side is drawn as separate list entries (sizes to scale, gaps
 * not), the server's flow buffer as one contiguous bar.
 */
import { useMemo } from 'react';
import { useScenario } from '../hooks/useScenario';
import { useTopology } from '../hooks/useTopology';
import { useSimTime } from '../hooks/useSimTime';
import { useTraceVersion } from '../hooks/useTraceVersion';
import { useRun } from '../run/RunContext';
import { listTransfers, transferAt, type ListTransfer } from '../inspect/listTransfers';
import { useWalkthroughMessage } from '../hooks/useWalkthroughMessage';
import { SERIES_COLORS } from '../theme/palette';
import { formatUs } from '../charts/formatUs';

const WIDTH = 600;
const LEFT = 96;
const BAR = WIDTH - LEFT - 8;
const GAP = 2;
const ROW_H = 16;
const TOP_Y = 22;
const BOTTOM_Y = 78;

/** How each operation moves a list (scenario series' `operation`). */
const MECHANISM: Record<string, string> = {
  'sg-lio': 'zero-copy: a chain of RDMA descriptors, each started by the previous one\'s event (one host doorbell)',
  lio: 'pack/unpack: the side holding the list copies it to or from a contiguous buffer (memcpy); one RDMA moves the buffer',
  iterative: 'one RDMA per piece, each posted by the host',
  'rdma-write': 'bmi_ib: one RDMA write per receiver segment, every segment registered',
};

function sizeText(bytes: number): string {
  if (bytes >= 1 << 20) return `${+(bytes / (1 << 20)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/** x and width of each piece in a row of `bar` px: with gaps between entries (a list) or packed (a buffer). */
function layout(t: ListTransfer, gaps: boolean): { x: number; w: number }[] {
  const n = t.pieces.length;
  const room = Math.max(n, BAR - (gaps ? GAP * (n - 1) : 0));
  let x = LEFT;
  return t.pieces.map((p) => {
    const w = Math.max(1, (p.bytes / Math.max(1, t.bytes)) * room);
    const at = { x, w };
    x += w + (gaps ? GAP : 0);
    return at;
  });
}

export function ListTransferView({ clients }: { clients: number }) {
  const scenario = useScenario();
  const topology = useTopology();
  const time_ps = useSimTime();
  const traceVersion = useTraceVersion();
  const { trace } = useRun();
  // traceVersion: the trace store (outside React) grew
  const transfers = useMemo(() => (topology ? listTransfers(trace, topology) : []), [trace, topology, traceVersion]);
  // The open walkthrough step's message when it is a list transfer, so the panel shows the transfer the text follows.
  const narrated = useWalkthroughMessage();
  const at = useMemo(() => transferAt(transfers, time_ps, narrated), [transfers, time_ps, narrated]);
  if (!at) return null;
  const t = at.transfer;
  const series = (scenario.workload as { series?: { label?: string; id: string; operation: string }[] }).series?.[t.series];
  const role = (node: number) => (node < clients ? 'client' : 'server');
  const senderIsClient = t.sender < clients;
  const top = layout(t, senderIsClient);
  const bottom = layout(t, !senderIsClient);
  // The series' colour in the charts, so a piece reads as that transport's.
  const fill = SERIES_COLORS[Math.max(0, t.series) % SERIES_COLORS.length];
  return (
    <div className="list-transfer" data-testid="list-transfer" data-message={t.message} data-pieces={t.pieces.length} data-landed={at.landed}>
      <div className="list-transfer-caption">
        <strong>List transfer</strong> · message #{t.message}
        {series ? ` · ${series.label ?? series.id}` : ''} · node {t.sender} ({role(t.sender)}) → node {t.receiver} ({role(t.receiver)}) ·{' '}
        <span data-testid="list-transfer-landed">{at.landed}</span> of {t.pieces.length} piece{t.pieces.length === 1 ? '' : 's'} in node{' '}
        {t.receiver}'s memory ({sizeText(t.bytes)})
        {series && MECHANISM[series.operation] ? <div className="muted">{MECHANISM[series.operation]}</div> : null}
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${BOTTOM_Y + ROW_H + 4}`} width="100%" role="img"
        aria-label={`${at.landed} of ${t.pieces.length} pieces of message ${t.message} landed in node ${t.receiver}'s memory`}>
        <text x={0} y={TOP_Y + 12} className="list-transfer-label">node {t.sender} {senderIsClient ? 'list' : 'buffer'}</text>
        <text x={0} y={BOTTOM_Y + 12} className="list-transfer-label">node {t.receiver} {senderIsClient ? 'buffer' : 'list'}</text>
        {t.pieces.map((p, i) => {
          const landed = p.landed_ps <= time_ps;
          if (!landed) return null;
          const a = top[i], b = bottom[i];
          return (
            <line key={`l${p.index}`} x1={a.x + a.w / 2} y1={TOP_Y + ROW_H} x2={b.x + b.w / 2} y2={BOTTOM_Y}
              className={i === at.latest ? 'list-transfer-link latest' : 'list-transfer-link'} />
          );
        })}
        {t.pieces.map((p, i) => (
          <g key={p.index}>
            <rect x={top[i].x} y={TOP_Y} width={top[i].w} height={ROW_H} className="list-piece source" />
            <rect x={bottom[i].x} y={BOTTOM_Y} width={bottom[i].w} height={ROW_H}
              className={p.landed_ps <= time_ps ? (i === at.latest ? 'list-piece landed latest' : 'list-piece landed') : 'list-piece'}
              style={p.landed_ps <= time_ps ? { fill } : undefined} data-testid="list-piece" data-landed={p.landed_ps <= time_ps}>
              <title>{`piece ${p.index + 1}: ${sizeText(p.bytes)}, in node ${t.receiver}'s memory at ${formatUs(p.landed_ps)} µs`}</title>
            </rect>
          </g>
        ))}
      </svg>
    </div>
  );
}
