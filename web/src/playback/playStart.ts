/**
 * Motion at once (issue 13): where Play starts and how fast a fresh run plays, from the run's own trace. Pure.
 * - `playStartTime`: a run often begins with a stretch where nothing crosses the wire (the default scenario's first
 *   packet leaves about 5 µs in, 5 s of wall time at 1 µs/s). When nothing moves at `t` and the next packet is more
 *   than `idleWallS` of wall time away at the current speed, Play starts `leadWallS` before that packet instead.
 * - `speedForRun`: the fastest listed speed at which the run's first message (send to delivery) still takes at least
 *   `targetWallS` seconds of wall time, so its packets can be followed one by one (the default scenario's 8 µs first
 *   message: 1 µs/s; a run whose first message takes a second: 10,000 µs/s).
 */
import type { TraceStore } from '../trace/traceStore';
import { TraceKind } from '../sim/traceKindCodes';

const PS_PER_US = 1e6;

/** The simulated time (ps) Play should start from at cursor `t_ps` and `speed_us_per_s`. */
export function playStartTime(trace: TraceStore, t_ps: number, speed_us_per_s: number, leadWallS = 0.25, idleWallS = 1): number {
  let moving = false;
  trace.forEachActive('packet', t_ps, () => {
    moving = true;
  });
  if (moving) return t_ps;
  const idx = trace.index.packet;
  const pos = idx.upperBound(t_ps, trace.t_start_ps);
  if (pos >= idx.length) return t_ps;
  const next = trace.t_start_ps[idx.order[pos]];
  const perWallS = speed_us_per_s * PS_PER_US;
  if (next - t_ps <= idleWallS * perWallS) return t_ps;
  return Math.max(t_ps, next - leadWallS * perWallS);
}

/** The speed (one of `speeds`, ascending, simulated µs per wall second) a fresh run of `trace` plays at, or null. */
export function speedForRun(trace: TraceStore, speeds: readonly number[], targetWallS = 5): number | null {
  const idx = trace.index.message;
  let first = -1;
  for (let i = 0; i < idx.length; i++) {
    const r = idx.order[i];
    if (trace.kind[r] === TraceKind.message) {
      first = r;
      break;
    }
  }
  if (first < 0) return null;
  const duration_us = (trace.t_end_ps[first] - trace.t_start_ps[first]) / PS_PER_US;
  const wanted = duration_us / targetWallS;
  return [...speeds].reverse().find((s) => s <= wanted) ?? speeds[0];
}
