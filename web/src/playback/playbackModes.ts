/**
 * Playback modes like OMNeT++ Qtenv's run modes and Packet Tracer's event stepping (issue 13). Pure functions over a
 * run's trace:
 * - `idleSkip`: while playing, a stretch with nothing on screen (no packet, no busy bus, NIC or host) longer than
 *   `idleWallS` of wall time is jumped over (to `leadWallS` before the next activity); the page marks each skipped
 *   stretch on the time bar.
 * - `stepTarget`: the next or previous record start of a chosen category (packets, messages, NIC steps, PCI, host
 *   calls; null = any) and, optionally, only on a set of components (the selected node's host, PCI bus and NIC).
 * - `logTime` / `logPosition`: a log-scaled time bar for long runs, position p in [0, 1] ↔ time
 *   t = 1 µs · ((end / 1 µs + 1)^p − 1): the first microseconds get as much of the bar as the last seconds.
 * - `eventTime` / `eventPosition`: an event-indexed time bar (Qtenv's and Perfetto's "by event"), position p ↔ the
 *   start of the record with rank p·N among the run's N trace records: busy stretches get the bar, idle ones none.
 */
import type { TraceCategory, TraceStore } from '../trace/traceStore';

const PS_PER_US = 1e6;

/** What the cluster view shows as activity: packets on links, busy PCI buses, NIC threads and hosts. */
const ON_SCREEN: TraceCategory[] = ['packet', 'pci', 'nic_thread', 'host_op'];

/**
 * Where playback at `next_ps` should be instead: when nothing is on screen at `next_ps` (no packet, busy bus, NIC or
 * host) and the next such activity starts more than `idleWallS` of wall time later at `speed_us_per_s`, `leadWallS`
 * before it; else `next_ps` itself.
 */
export function idleSkip(trace: TraceStore, next_ps: number, speed_us_per_s: number, leadWallS = 0.25, idleWallS = 1): number {
  let active = false;
  for (const c of ON_SCREEN) {
    trace.forEachActive(c, next_ps, () => {
      active = true;
    });
    if (active) return next_ps;
  }
  let upcoming = Infinity;
  for (const c of ON_SCREEN) {
    const idx = trace.index[c];
    const pos = idx.upperBound(next_ps, trace.t_start_ps);
    if (pos < idx.length) upcoming = Math.min(upcoming, trace.t_start_ps[idx.order[pos]]);
  }
  const perWallS = speed_us_per_s * PS_PER_US;
  if (!Number.isFinite(upcoming) || upcoming - next_ps <= idleWallS * perWallS) return next_ps;
  return Math.max(next_ps, upcoming - leadWallS * perWallS);
}

const STEP_CATEGORIES: TraceCategory[] = ['packet', 'pci', 'nic_thread', 'level', 'host_op', 'message', 'queue'];

/**
 * The start (ps) of the nearest record strictly after (`direction` 1) or before (−1) `t_ps` whose category is
 * `category` (null: any) and, when `components` is given, whose component is one of them; null when none.
 */
export function stepTarget(
  trace: TraceStore, t_ps: number, direction: 1 | -1, category: TraceCategory | null, components: ReadonlySet<number> | null,
): number | null {
  let best: number | null = null;
  for (const c of category ? [category] : STEP_CATEGORIES) {
    const idx = trace.index[c];
    if (direction === 1) {
      for (let i = idx.upperBound(t_ps, trace.t_start_ps); i < idx.length; i++) {
        const r = idx.order[i];
        const s = trace.t_start_ps[r];
        if (best !== null && s >= best) break;
        if (!components || components.has(trace.component[r])) {
          best = s;
          break;
        }
      }
    } else {
      for (let i = idx.lowerBound(t_ps, trace.t_start_ps) - 1; i >= 0; i--) {
        const r = idx.order[i];
        const s = trace.t_start_ps[r];
        if (best !== null && s <= best) break;
        if (!components || components.has(trace.component[r])) {
          best = s;
          break;
        }
      }
    }
  }
  return best;
}

/** Time (ps) at position `p` in [0, 1] of a log-scaled bar ending at `end_ps`. */
export function logTime(p: number, end_ps: number): number {
  if (end_ps <= 0) return 0;
  const span = end_ps / PS_PER_US + 1;
  return Math.min(end_ps, Math.max(0, (Math.pow(span, Math.min(1, Math.max(0, p))) - 1) * PS_PER_US));
}

/** Position in [0, 1] of time `t_ps` on a log-scaled bar ending at `end_ps` (inverse of logTime). */
export function logPosition(t_ps: number, end_ps: number): number {
  if (end_ps <= 0) return 0;
  return Math.log(Math.max(0, t_ps) / PS_PER_US + 1) / Math.log(end_ps / PS_PER_US + 1);
}

/** Trace records (of every stepping category) starting at or before `t_ps`. */
function recordsUpTo(trace: TraceStore, t_ps: number): number {
  let n = 0;
  for (const c of STEP_CATEGORIES) n += trace.index[c].upperBound(t_ps, trace.t_start_ps);
  return n;
}

function recordCount(trace: TraceStore): number {
  let n = 0;
  for (const c of STEP_CATEGORIES) n += trace.index[c].length;
  return n;
}

/**
 * Position in [0, 1] of `t_ps` on an event-indexed bar: the fraction of the trace's records that start at or before
 * it (0 for an empty trace).
 */
export function eventPosition(trace: TraceStore, t_ps: number): number {
  const n = recordCount(trace);
  return n === 0 ? 0 : recordsUpTo(trace, t_ps) / n;
}

/**
 * Time (ps) at position `p` in [0, 1] of an event-indexed bar ending at `end_ps`: the earliest time at which a
 * fraction `p` of the trace's records has started (bisection on time, to 1 ps); 0 at p = 0, `end_ps` at p = 1.
 */
export function eventTime(trace: TraceStore, p: number, end_ps: number): number {
  const n = recordCount(trace);
  const q = Math.min(1, Math.max(0, p));
  if (n === 0 || end_ps <= 0) return q * Math.max(0, end_ps);
  if (q === 0) return 0;
  if (q === 1) return end_ps;
  const want = Math.ceil(q * n);
  let lo = 0;
  let hi = end_ps;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (recordsUpTo(trace, mid) >= want) hi = mid;
    else lo = mid;
  }
  return hi;
}
