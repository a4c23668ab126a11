/**
 * Time axes over simulated time that stay readable from a ±1 µs window to a NAS run of seconds: the unit
 * (µs, ms or s) follows the window's span, the tick precision comes from d3's own tickFormat. Pure.
 */
import { scaleLinear, type ScaleLinear } from 'd3-scale';

export type TimeUnit = 'µs' | 'ms' | 's';

/** The unit for a window `span_us` wide: µs below 5 ms, ms below 5 s, else s; and µs per unit. */
export function timeUnitFor(span_us: number): { unit: TimeUnit; us: number } {
  if (span_us >= 5e6) return { unit: 's', us: 1e6 };
  if (span_us >= 5e3) return { unit: 'ms', us: 1e3 };
  return { unit: 'µs', us: 1 };
}

/**
 * A scale over [from_us, to_us] in the window's unit onto `range`, and the tick label of a value in that unit
 * ("71,000.5 µs" → "71.0005 ms" in a 10 ms window). `ticks` = the number of ticks asked of d3.
 */
export function timeAxisScale(from_us: number, to_us: number, range: [number, number], ticks = 6): {
  scale: ScaleLinear<number, number>;
  unit: TimeUnit;
  label: (value: number) => string;
} {
  const { unit, us } = timeUnitFor(to_us - from_us);
  const scale = scaleLinear().domain([from_us / us, to_us / us]).range(range);
  const fmt = scale.tickFormat(ticks);
  return { scale, unit, label: (v: number) => `${fmt(v)} ${unit}` };
}

/** A window half-width for the zoom buttons: "±50 µs", "±2 ms", "±1 s". */
export function formatHalfWindow(half_us: number): string {
  if (half_us >= 1e6) return `±${half_us / 1e6} s`;
  if (half_us >= 1e3) return `±${half_us / 1e3} ms`;
  return `±${half_us} µs`;
}
