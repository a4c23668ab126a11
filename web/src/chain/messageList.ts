/**
 * The run's protocol messages (trace kind `message`: value = series index, bytes = payload) for the event-chain
 * picker, in start order. Small objects only (one per message), read from the trace store's message index.
 */
import type { TraceStore } from '../trace/traceStore';

export interface MessageEntry {
  message: number;
  seriesIndex: number;
  bytes: number;
  start_ps: number;
}

/** At most this many messages are listed (a picker longer than that is of no use). */
const MAX_MESSAGES = 2000;

export function listMessages(trace: TraceStore): MessageEntry[] {
  const idx = trace.index.message;
  const out: MessageEntry[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < idx.length && out.length < MAX_MESSAGES; i++) {
    const r = idx.order[i];
    const message = trace.message[r];
    if (message === 0 || seen.has(message)) continue;
    seen.add(message);
    out.push({ message, seriesIndex: trace.value[r], bytes: trace.bytes[r], start_ps: trace.t_start_ps[r] });
  }
  return out;
}
