/**
 * Text of a result-table value by the table's unit: seconds (NAS execution times, 0.0196 s … 14.8 s) with three
 * significant digits, a speed-up (`x`) as 3.58×, anything else (µs breakdowns) with two decimals; null → "—".
 * Pure.
 */
import { format } from 'd3-format';

const threeSignificant = format('.3~r');

export function formatTableValue(value: number | null, unit: string | undefined): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (unit === 's') return threeSignificant(value);
  if (unit === 'x') return `${value.toFixed(2)}×`;
  return value.toFixed(2);
}

/** Caption text of a unit: "s" → "seconds", "x" → "speed-up, ×", otherwise the unit itself. */
export function unitCaption(unit: string | undefined): string {
  if (unit === 's') return 'seconds';
  if (unit === 'x') return 'speed-up over 1 process, ×';
  return unit ?? '';
}
