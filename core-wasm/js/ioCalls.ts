/**
 * PVFS2 I/O calls in a trace (seed 000; issue 37 item 5): each client's PVFS_sys_io as the critical path's third unit
 * (core-wasm/js/criticalPath.ts), found from the client_requests level records protocols/pvfs2 writes on the client's
 * host (kept beyond a run's per-run trace limit, so every call of a trace is found). Pure; no DOM.
 */
import { CORE_CATALOG } from './coreCatalog.generated';
import type { TraceColumnsView } from './bridgeTypes';
import type { PathContext } from './criticalPath';

const KIND = Object.fromEntries(CORE_CATALOG.trace_kinds.map((k) => [k.name, k.kind])) as Record<string, number>;

/**
 * One PVFS2 I/O call of a client (seed 000): from the client_requests record that raises its host's outstanding
 * requests from 0 to the one that returns them to 0 (`last`, the record the path is walked back from).
 */
export interface IoCall {
  /** The client's host component. */
  host: number;
  start_ps: number;
  end_ps: number;
  /** Index of the closing client_requests record. */
  last: number;
  /** The series (its place in workload.series) of the first message the call's window holds; −1 when none. */
  series: number;
}

/**
 * Every PVFS2 I/O call in the trace (seed 000's clients: the client_requests level records of protocols/pvfs2), in
 * order of start, each with the series of the first message record in its window. O(trace length).
 */
export function ioCalls(trace: TraceColumnsView): IoCall[] {
  const open = new Map<number, number>();
  const calls: IoCall[] = [];
  for (let r = 0; r < trace.length; r++) {
    if (trace.kind[r] !== KIND.client_requests) continue;
    const host = trace.component[r];
    if (!open.has(host)) {
      if (trace.value[r] > 0) open.set(host, trace.t_start_ps[r]);
    } else if (trace.value[r] === 0) {
      calls.push({ host, start_ps: open.get(host) as number, end_ps: trace.t_end_ps[r], last: r, series: -1 });
      open.delete(host);
    }
  }
  calls.sort((a, b) => a.start_ps - b.start_ps || a.host - b.host);
  const messages: number[] = [];
  for (let r = 0; r < trace.length; r++) if (trace.kind[r] === KIND.message) messages.push(r);
  messages.sort((a, b) => trace.t_start_ps[a] - trace.t_start_ps[b]);
  for (const c of calls) {
    let lo = 0;
    let hi = messages.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (trace.t_start_ps[messages[mid]] < c.start_ps) lo = mid + 1;
      else hi = mid;
    }
    if (lo < messages.length && trace.t_start_ps[messages[lo]] <= c.end_ps) c.series = trace.value[messages[lo]];
  }
  return calls;
}

/**
 * The PVFS2 I/O call message `m` belongs to: the call whose window holds the message's first record, of the client
 * on the message's sending or receiving node; null when none (not a PVFS2 run, or the message is not in a call).
 */
export function callOfMessage(trace: TraceColumnsView, ctx: PathContext, m: number, calls: IoCall[] = ioCalls(trace)): IoCall | null {
  let at = Infinity;
  const nodes = new Set<number>();
  for (let r = 0; r < trace.length; r++) {
    if (trace.message[r] !== m) continue;
    at = Math.min(at, trace.t_start_ps[r]);
    const n = ctx.nodeOf(trace.component[r]) ?? ctx.nodeOfLink(trace.component[r]);
    if (n !== null) nodes.add(n);
  }
  if (at === Infinity) return null;
  return calls.find((c) => c.start_ps <= at && at <= c.end_ps && nodes.has(ctx.nodeOf(c.host) ?? -1)) ?? null;
}
