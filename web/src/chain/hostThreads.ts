/**
 * What the threads of a node are doing at time t. Where the core traces its threads (host_thread records: Open MPI
 * over Elan4 with interrupt or thread progress, ompi/progress.h), one lane per thread from the states it entered:
 * running, polling its done word, arming its interrupt cookie, asleep, waking. Otherwise one lane inferred from
 * host_op and host_wake records of its host: running an API step, polling a done word / completion queue,
 * sleeping until an interrupt, or woken. Pure; scans the host's records in [from, to] (host_op and host_wake carry
 * no message id).
 */
import type { TraceStore } from '../trace/traceStore';
import { TraceKind } from '../sim/traceKindCodes';

export type ThreadState = 'idle' | 'running' | 'polling' | 'arming' | 'sleeping' | 'waking' | 'woken';

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
    if (trace.component[r] !== host || trace.kind[r] !== TraceKind.host_op) return;
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

/** host_thread `value`s (ThreadState in the core's ompi/progress.h) as lane states. */
const TRACED_STATE: Record<number, ThreadState> = { 1: 'running', 2: 'polling', 3: 'arming', 4: 'sleeping', 5: 'waking' };
/** host_thread `bytes`: the thread (ThreadRole in ompi/progress.h). */
export const THREAD_ROLE = { receive: 0, completion: 1, application: 2 } as const;

/**
 * What a traced thread does in a state, in a few words (ptl_elan's wait_queue, the elan4 driver, NPTL). `threaded`:
 * the host has progress threads, so its application sleeps on a condition variable, not in the driver.
 */
function tracedWhat(role: number, state: ThreadState, threaded: boolean): string {
  const cond = role === THREAD_ROLE.application && threaded;
  switch (state) {
    case 'polling': return 'on its done word';
    case 'arming': return 'ARM, wait-event, WAIT';
    case 'sleeping': return cond ? 'on its condition variable' : 'on its interrupt cookie';
    case 'waking': return cond ? 'pthread_cond_signal' : 'by its interrupt';
    default: return '';
  }
}

/** One traced thread of a host over a window. */
export interface ThreadLane {
  /** THREAD_ROLE value. */
  role: number;
  /** e.g. "application", "receive thread", "completion thread", "progress thread". */
  label: string;
  spans: ThreadSpan[];
}

/** Longest backward scan for the state a thread was in when the window opens. */
const BACK_SCAN = 50000;

/**
 * Lanes of `host`'s traced threads over [from_ps, to_ps] (host_thread records, category 'thread'), application
 * first; [] when the host traced none up to to_ps. A lane starts with the state its thread was in at from_ps.
 */
export function tracedThreadLanes(trace: TraceStore, host: number, from_ps: number, to_ps: number): ThreadLane[] {
  const idx = trace.index.thread;
  const begin = idx.lowerBound(from_ps, trace.t_start_ps);
  const stop = idx.upperBound(to_ps, trace.t_start_ps);
  const marks = new Map<number, { t: number; state: ThreadState }[]>();
  for (let i = begin - 1, n = 0; i >= 0 && n < BACK_SCAN && marks.size < 3; i--, n++) {
    const r = idx.order[i];
    if (trace.component[r] !== host || marks.has(trace.bytes[r])) continue;
    marks.set(trace.bytes[r], [{ t: from_ps, state: TRACED_STATE[trace.value[r]] ?? 'idle' }]);
  }
  for (let i = begin; i < stop; i++) {
    const r = idx.order[i];
    if (trace.component[r] !== host) continue;
    const role = trace.bytes[r];
    let m = marks.get(role);
    if (!m) marks.set(role, (m = []));
    m.push({ t: trace.t_start_ps[r], state: TRACED_STATE[trace.value[r]] ?? 'idle' });
  }
  const twoThreads = marks.has(THREAD_ROLE.completion);
  const threaded = twoThreads || marks.has(THREAD_ROLE.receive);
  const label = (role: number) =>
    role === THREAD_ROLE.application ? 'application' : role === THREAD_ROLE.completion ? 'completion thread' : twoThreads ? 'receive thread' : 'progress thread';
  return [...marks.entries()]
    .sort((a, b) => (a[0] === THREAD_ROLE.application ? -1 : b[0] === THREAD_ROLE.application ? 1 : a[0] - b[0]))
    .map(([role, m]) => ({
      role,
      label: label(role),
      spans: m
        .map((x, i) => ({ state: x.state, start_ps: x.t, end_ps: i + 1 < m.length ? m[i + 1].t : to_ps, what: tracedWhat(role, x.state, threaded) }))
        .filter((s) => s.end_ps > s.start_ps),
    }));
}
