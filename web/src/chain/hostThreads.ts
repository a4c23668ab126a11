/**
 * What the host thread of a node is doing at time t, from host_op and host_wake records of
 * its host: running an API step, polling a done word / completion queue, sleeping until an interrupt, or
 * woken. Pure; scans the host's records in [from, to] (host_op and host_wake carry no message id).
 */
import type { TraceStore } from '../trace/traceStore';
import { TraceKind } from '../sim/traceKindCodes';

export type ThreadState = 'idle' | 'running' | 'polling' | 'sleeping' | 'waking' | 'woken';

export interface ThreadSpan {
  state: ThreadState;
  start_ps: number;
  end_ps: number;
  /** API step name (host_op) or wake cause. */
  what: string;
}

const OP_NAMES: Record<number, string> = { 1: 'Post receive', 2: 'Send', 3: 'Wait for send to complete', 4: 'Wait for arrival' };
const WAITS = new Set([3, 4]);

/**
 * Spans of one host's thread in [from_ps, to_ps]: host_op spans (waits split around any wake inside them:
 * sleeping before the wake, waking during it, woken after) and wakes outside ops. `sleeps` = the series waits by
 * interrupt (progress modes other than polling).
 */
export function hostThreadSpans(trace: TraceStore, host: number, from_ps: number, to_ps: number, sleeps: boolean): ThreadSpan[] {
  const ops: ThreadSpan[] = [];
  const wakes: ThreadSpan[] = [];
  trace.forEachInWindow('host_op', from_ps, to_ps, (r) => {
    if (trace.component[r] !== host) return;
    const v = trace.value[r];
    ops.push({ state: WAITS.has(v) ? 'polling' : 'running', start_ps: trace.t_start_ps[r], end_ps: trace.t_end_ps[r], what: OP_NAMES[v] ?? `op ${v}` });
  });
  for (let r = 0; r < trace.length; r++) {
    if (trace.kind[r] !== TraceKind.host_wake || trace.component[r] !== host) continue;
    if (trace.t_end_ps[r] < from_ps || trace.t_start_ps[r] > to_ps) continue;
    const v = trace.value[r];
    wakes.push({ state: 'waking', start_ps: trace.t_start_ps[r], end_ps: trace.t_end_ps[r], what: v === 1 ? 'interrupt → thread' : v === 2 ? 'thread → thread' : 'spurious' });
  }
  const out: ThreadSpan[] = [];
  for (const op of ops) {
    const inside = wakes.filter((w) => w.start_ps >= op.start_ps && w.start_ps < op.end_ps);
    if (op.state !== 'polling' || (!sleeps && inside.length === 0)) {
      out.push(op);
      continue;
    }
    let t = op.start_ps;
    for (const w of inside) {
      out.push({ state: 'sleeping', start_ps: t, end_ps: w.start_ps, what: op.what });
      out.push(w);
      t = w.end_ps;
    }
    if (t < op.end_ps) out.push({ state: inside.length > 0 ? 'woken' : sleeps ? 'sleeping' : 'polling', start_ps: t, end_ps: op.end_ps, what: op.what });
  }
  for (const w of wakes) if (!out.includes(w)) out.push(w);
  return out.sort((a, b) => a.start_ps - b.start_ps);
}

/** The span covering t, or an idle one. */
export function threadStateAt(spans: readonly ThreadSpan[], t_ps: number): ThreadSpan {
  let found: ThreadSpan | null = null;
  for (const s of spans) if (s.start_ps <= t_ps && t_ps < s.end_ps) found = s;
  return found ?? { state: 'idle', start_ps: t_ps, end_ps: t_ps, what: '' };
}
