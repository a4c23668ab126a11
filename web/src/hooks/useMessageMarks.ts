/**
 * The first protocol message (trace kind `message`) of each (series, size) pair, for jumping the animation to it.
 * `value` of a message record is the series index; `bytes` its payload.
 * One list per trace and trace version, shared by every view that offers it (the jump and run-until menus), and the
 * same array as before while no new pair appeared: the trace grows ten times a second while a run computes, its
 * menus' options change only when a new size or series starts.
 */
import { useMemo } from 'react';
import { useRun } from '../run/RunContext';
import { useTraceVersion } from './useTraceVersion';
import type { TraceStore } from '../trace/traceStore';

export interface MessageMark {
  seriesIndex: number;
  bytes: number;
  start_ps: number;
  /** The message's id (what the event-chain and critical-path views select). */
  message: number;
}

const cache = new WeakMap<TraceStore, { version: number; marks: MessageMark[] }>();

/** The marks of `trace` (pure but for the cache): the previous array when its entries are unchanged. */
export function messageMarks(trace: TraceStore, version: number): MessageMark[] {
  const cached = cache.get(trace);
  if (cached?.version === version) return cached.marks;
  const idx = trace.index.message;
  const seen = new Set<string>();
  const marks: MessageMark[] = [];
  for (let i = 0; i < idx.length; i++) {
    const r = idx.order[i];
    const key = `${trace.value[r]}:${trace.bytes[r]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    marks.push({ seriesIndex: trace.value[r], bytes: trace.bytes[r], start_ps: trace.t_start_ps[r], message: trace.message[r] });
  }
  const previous = cached?.marks;
  const same = previous !== undefined && previous.length === marks.length &&
    previous.every((m, i) => m.seriesIndex === marks[i].seriesIndex && m.bytes === marks[i].bytes && m.start_ps === marks[i].start_ps);
  const result = same ? previous : marks;
  cache.set(trace, { version, marks: result });
  return result;
}

export function useMessageMarks(): MessageMark[] {
  const { trace } = useRun();
  const version = useTraceVersion();
  return useMemo(() => messageMarks(trace, version), [trace, version]);
}
