/**
 * A long run's progress line, for the page and the CLI alike: simulated time, kernel events, events per second of
 * wall time and, when the workload can tell how much of it is done (the core's `fraction_done`: jobs, series or
 * rank-program steps; WorkloadRun in core-wasm/src/ports/workload_run.h), an estimate of the time left.
 *
 * The estimate assumes the rest of the workload goes at the pace of what has run (wall seconds per unit of work
 * done so far); it is left out before 1% is done, when one slow start would skew it.
 */

/** What the core reports at a point of the run. */
export interface ProgressSample {
  /** Wall time since the run started computing, ms. */
  elapsedMs: number;
  /** Simulated time reached, ps. */
  now_ps: number;
  /** Kernel events executed. */
  events: number;
  /** Share of the workload done, 0 to 1, or -1 when the workload cannot tell. */
  fraction: number;
}

/** Figures of the progress line. */
export interface ProgressFigures {
  /** Kernel events per second of wall time since the start (0 before any time has passed). */
  eventsPerSecond: number;
  /** The share done, 0 to 1, or null when the workload cannot tell. */
  fraction: number | null;
  /** Estimated wall seconds left, or null when there is no estimate (unknown share, or under 1% done). */
  secondsLeft: number | null;
}

/** The line's figures from one sample. */
export function progressFigures(s: ProgressSample): ProgressFigures {
  const seconds = s.elapsedMs / 1000;
  const eventsPerSecond = seconds > 0 ? s.events / seconds : 0;
  const fraction = s.fraction >= 0 ? Math.min(1, s.fraction) : null;
  const secondsLeft = fraction !== null && fraction >= 0.01 && seconds > 0 ? (seconds * (1 - fraction)) / fraction : null;
  return { eventsPerSecond, fraction, secondsLeft };
}

/** "45 s", "3 min 05 s", "2 h 10 min": a duration in wall seconds, to the second under an hour. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** "12.3 M events/s", "850 k events/s", "420 events/s". */
export function formatRate(eventsPerSecond: number): string {
  if (eventsPerSecond >= 1e6) return `${(eventsPerSecond / 1e6).toFixed(eventsPerSecond >= 1e7 ? 1 : 2)} M events/s`;
  if (eventsPerSecond >= 1e3) return `${Math.round(eventsPerSecond / 1e3)} k events/s`;
  return `${Math.round(eventsPerSecond)} events/s`;
}

/** "5.41 M events/s, 37% done, about 1 min 12 s left" (the parts known so far). */
export function progressTail(f: ProgressFigures): string {
  const parts = [formatRate(f.eventsPerSecond)];
  if (f.fraction !== null) parts.push(`${Math.floor(f.fraction * 100)}% done`);
  if (f.secondsLeft !== null) parts.push(`about ${formatDuration(f.secondsLeft)} left`);
  return parts.join(', ');
}

/** The CLI's line: "progress: 350.000 us simulated, 20000000 events, 5.41 M events/s, 37% done, about 12 s left". */
export function progressLine(s: ProgressSample): string {
  return `progress: ${(s.now_ps / 1e6).toFixed(3)} us simulated, ${s.events} events, ${progressTail(progressFigures(s))}`;
}

/**
 * Reads the native binary's line "progress: <us> us simulated, <events> events, <fraction> done" (fraction -1: the
 * workload cannot tell) into a sample; null for any other line.
 */
export function parseNativeProgress(line: string, elapsedMs: number): ProgressSample | null {
  const m = /^progress: ([0-9.]+) us simulated, ([0-9]+) events, (-?[0-9.]+) done$/.exec(line);
  if (!m) return null;
  return { elapsedMs, now_ps: Number(m[1]) * 1e6, events: Number(m[2]), fraction: Number(m[3]) };
}
