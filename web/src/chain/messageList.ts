/**
 * The run's protocol messages (trace kind `message`: value = series index, bytes = payload) for the message pickers
 * (event chain, critical path), in start order. Small objects only (one per message), read from the trace store's
 * message index.
 *
 * A long run has far more messages than a picker can list, so the list is shared out over the run's (series, payload
 * size) pairs: each pair keeps its first messages, as many as LIST_BUDGET spread evenly allows (at least
 * MIN_PER_PAIR). A pair that starts late is listed too: BT-IO's IBA run sends its PVFS2 requests only after thousands
 * of BT's own MPI messages, which a list of the run's first messages never reached (2026-11-29).
 */
import type { TraceStore } from '../trace/traceStore';

export interface MessageEntry {
  message: number;
  seriesIndex: number;
  bytes: number;
  start_ps: number;
}

/** About this many messages are listed at most (a picker longer than that is of no use). */
const LIST_BUDGET = 4000;
/** Messages kept of each (series, payload size) pair however many pairs the run has. */
const MIN_PER_PAIR = 5;

/** One number per (series, payload size): series × 2^32 + bytes (exact in a double). */
const pairOf = (series: number, bytes: number): number => series * 2 ** 32 + bytes;

/** Calls `each` once per distinct message of the trace's message index, in start order, with its record and pair. */
function forEachMessage(trace: TraceStore, each: (r: number, message: number, pair: number) => void): void {
  const idx = trace.index.message;
  const seen = new Set<number>();
  for (let i = 0; i < idx.length; i++) {
    const r = idx.order[i];
    const message = trace.message[r];
    if (message === 0 || seen.has(message)) continue;
    seen.add(message);
    each(r, message, pairOf(trace.value[r], trace.bytes[r]));
  }
}

export function listMessages(trace: TraceStore): MessageEntry[] {
  // First the pairs and how many distinct messages each has, then each pair's first ones.
  const counts = new Map<number, number>();
  forEachMessage(trace, (_r, _m, pair) => counts.set(pair, (counts.get(pair) ?? 0) + 1));
  const perPair = Math.max(MIN_PER_PAIR, Math.floor(LIST_BUDGET / Math.max(1, counts.size)));
  const out: MessageEntry[] = [];
  const taken = new Map<number, number>();
  forEachMessage(trace, (r, message, pair) => {
    const n = taken.get(pair) ?? 0;
    if (n >= perPair) return;
    taken.set(pair, n + 1);
    out.push({ message, seriesIndex: trace.value[r], bytes: trace.bytes[r], start_ps: trace.t_start_ps[r] });
  });
  return out;
}
