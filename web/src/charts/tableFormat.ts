/**
 * Text of a result-table value by its column's unit: seconds (NAS execution times, 0.0196 s … 14.8 s) with three
 * significant digits, a speed-up (`x`) as 3.58×, a bandwidth (`MB/s`, 10^6 B/s; an all-to-all's aggregate,
 * 25,677) and a count (a dynamic job's rank, members) to the unit with thousands grouped, anything else (µs breakdowns, µs per MPI_Alltoall call: 2,572.71) with
 * two decimals and thousands grouped; null → "—". A table whose columns differ in unit names them in column order, separated by "|"
 * (the all-to-all table's "us | MB/s"). Pure.
 */
import { format } from 'd3-format';

const threeSignificant = format('.3~r');
const grouped = format(',.0f');
const groupedTwoDecimals = format(',.2f');

export function formatTableValue(value: number | null, unit: string | undefined): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (unit === 's') return threeSignificant(value);
  if (unit === 'x') return `${value.toFixed(2)}×`;
  if (unit === 'MB/s' || unit === 'count') return grouped(value);
  return groupedTwoDecimals(value);
}

/**
 * The unit of each of `columns` columns: "us | MB/s" → ["us", "MB/s"]; one unit applies to every column. A list
 * with another count than the columns is an error of the result, reported naming the table's `unit`.
 */
export function columnUnits(unit: string | undefined, columns: number): (string | undefined)[] {
  const parts = (unit ?? '').split('|').map((u) => u.trim());
  if (parts.length === 1) return Array.from({ length: columns }, () => (parts[0] === '' ? undefined : parts[0]));
  if (parts.length !== columns) throw new Error(`table unit "${unit}": ${parts.length} units for ${columns} columns`);
  return parts;
}

const CAPTIONS: Record<string, string> = {
  s: 'seconds',
  x: 'speed-up over 1 process, ×',
  us: 'µs',
  'MB/s': 'MB/s = 10^6 B/s',
};

/**
 * Caption text of a table's unit, each distinct unit once: "s" → "seconds", "x" → "speed-up, ×", "us | MB/s" →
 * "µs | MB/s = 10^6 B/s", "us | MB/s | MB/s" → "µs | MB/s = 10^6 B/s".
 */
export function unitCaption(unit: string | undefined): string {
  const parts = (unit ?? '').split('|').map((u) => u.trim());
  return parts.filter((u, i) => parts.indexOf(u) === i).map((u) => CAPTIONS[u] ?? u).join(' | ');
}
