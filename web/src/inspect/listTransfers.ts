/**
 * PVFS2 list transfers for the storage view's animation (seed 000; protocols/pvfs2): each BMI rendezvous the core
 * traced piece by piece (trace kind list_piece, recorded by the BMI method on the receiver's host when a piece is in
 * its memory: bytes, index << 12 | sender node, from t_start to t_end). SG-LIO's pieces land one by one as the chain
 * of RDMA descriptors fires; iterative's as each host-posted RDMA lands; LIO's all at once when the unpack copy
 * ends (or as one contiguous piece when the receiver did not unpack); PVFS2/IBA's one RDMA write per receiver
 * segment. The series of a transfer comes from its message record (trace kind message: value = series index). Pure.
 */
import type { TraceStore } from '../trace/traceStore';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { TraceKind } from '../sim/traceKindCodes';

export interface ListPiece {
  /** Position in the transfer's list (the cut of both sides' address/length lists), from 0. */
  index: number;
  bytes: number;
  /** When the piece started moving (its descriptor issued, or the unpack copy began) and when it was in memory. */
  start_ps: number;
  landed_ps: number;
}

export interface ListTransfer {
  message: number;
  /** Nodes: the side whose memory the pieces land in, and the other. */
  receiver: number;
  sender: number;
  /** The series that ran it (index into the scenario's series), or -1 when its message record is not in the trace. */
  series: number;
  /** In list order. */
  pieces: ListPiece[];
  bytes: number;
  start_ps: number;
  end_ps: number;
}

/** Node of each host component, on every network of the topology. */
function nodeOfHost(topology: Topology): Map<number, number> {
  const out = new Map<number, number>();
  for (const c of topology.components) if (c.kind === 'host' && c.node !== undefined) out.set(c.id, c.node);
  return out;
}

/** Every traced list transfer, ordered by the start of its first piece. */
export function listTransfers(trace: TraceStore, topology: Topology): ListTransfer[] {
  const nodes = nodeOfHost(topology);
  const byMessage = new Map<number, ListTransfer>();
  const idx = trace.index.piece;
  for (let i = 0; i < idx.length; i++) {
    const r = idx.order[i];
    if (trace.kind[r] !== TraceKind.list_piece) continue;
    const message = trace.message[r];
    let t = byMessage.get(message);
    if (!t) {
      t = {
        message, receiver: nodes.get(trace.component[r]) ?? -1, sender: trace.value[r] & 0xfff, series: -1,
        pieces: [], bytes: 0, start_ps: Infinity, end_ps: 0,
      };
      byMessage.set(message, t);
    }
    const piece: ListPiece = { index: trace.value[r] >>> 12, bytes: trace.bytes[r], start_ps: trace.t_start_ps[r], landed_ps: trace.t_end_ps[r] };
    t.pieces.push(piece);
    t.bytes += piece.bytes;
    t.start_ps = Math.min(t.start_ps, piece.start_ps);
    t.end_ps = Math.max(t.end_ps, piece.landed_ps);
  }
  if (byMessage.size === 0) return [];
  const messages = trace.index.message;
  for (let i = 0; i < messages.length; i++) {
    const r = messages.order[i];
    const t = byMessage.get(trace.message[r]);
    if (t && trace.kind[r] === TraceKind.message) t.series = trace.value[r];
  }
  const out = [...byMessage.values()];
  for (const t of out) t.pieces.sort((a, b) => a.index - b.index);
  return out.sort((a, b) => a.start_ps - b.start_ps || a.message - b.message);
}

/** What the view shows at t: a transfer and how many of its pieces are in the receiver's memory. */
export interface TransferAt {
  transfer: ListTransfer;
  landed: number;
  /** The piece that landed last at or before t, or -1. */
  latest: number;
}

/**
 * The transfer to show at `t_ps`: of those started at or before t, the one still moving that started first (so a
 * transfer stays in view from its start to its end while others overlap it), else the one that ended last; null
 * before the first. Among `transfers` (listTransfers' order); `prefer` (null or undefined: none) keeps a chosen message
 * whatever t is.
 */
export function transferAt(transfers: ListTransfer[], t_ps: number, prefer?: number | null): TransferAt | null {
  let pick: ListTransfer | undefined = prefer == null ? undefined : transfers.find((t) => t.message === prefer);
  if (!pick) {
    let moving: ListTransfer | undefined;
    let ended: ListTransfer | undefined;
    for (const t of transfers) {
      if (t.start_ps > t_ps) break;
      if (t.end_ps > t_ps) moving ??= t;
      else if (!ended || t.end_ps >= ended.end_ps) ended = t;
    }
    pick = moving ?? ended;
  }
  if (!pick) return null;
  let landed = 0;
  let latest = -1;
  let latestAt = -Infinity;
  pick.pieces.forEach((p, i) => {
    if (p.landed_ps > t_ps) return;
    landed++;
    if (p.landed_ps >= latestAt) {
      latestAt = p.landed_ps;
      latest = i;
    }
  });
  return { transfer: pick, landed, latest };
}
