/**
 * Parameter studies (issue 38 item 4): one registry parameter over up to 16 values, one figure read from each run's
 * result. Shared by the page's study panel and the CLI's `--sweep ... --figure`. Pure.
 *
 * Figures: a series' one-way latency (µs) or bandwidth (MB/s = 10^6 B/s) at a message size, or a result table's cell
 * (its unit), or the gain of one table column over another in a row, in percent: (a − b) / b × 100 — the seeds'
 * "improves by 62%" is the gain of the baseline's time over the improved one's (seed 000's BT-IO).
 * The text form (CLI, CSV) is `latency:SERIES:BYTES`, `bandwidth:SERIES:BYTES`, `table:TABLE:ROW:COLUMN` or
 * `gain:TABLE:ROW:COLUMN_A:COLUMN_B` (ROW and COLUMN by label; a label holding ":" cannot be named this way).
 */
import type { Scenario } from './scenarioTypes';

export type StudyFigure =
  | { kind: 'latency'; series: string; bytes: number }
  | { kind: 'bandwidth'; series: string; bytes: number }
  | { kind: 'table'; table: string; row: string; column: string }
  | { kind: 'gain'; table: string; row: string; column: string; over: string };

/** A study: the parameter, its values (in its registry unit) and the figure. */
export interface StudySpec {
  parameter: string;
  values: number[];
  figure: StudyFigure;
}

/** At most this many values in one study (issue 38 item 4). */
export const MAX_STUDY_VALUES = 16;

const PARAMETER_NAME = /^[a-z0-9_]+(\.[A-Za-z0-9_]+)+$/;

/** What a result JSON offers the figures (the CLI's and the worker's `hs_result_json` object). */
export interface FigureSource {
  series?: { id: string; points: { bytes: number; latency_us?: number; bandwidth_MBps?: number }[] }[];
  tables?: { id: string; label?: string; unit?: string; columns: string[]; rows: { label: string; values: (number | null)[] }[] }[];
}

/** The figure's value in `result`, or null when the run has no such point or cell (or a bounded run left it empty). */
export function figureValue(result: FigureSource, figure: StudyFigure): number | null {
  if (figure.kind === 'latency' || figure.kind === 'bandwidth') {
    const point = result.series?.find((s) => s.id === figure.series)?.points.find((p) => p.bytes === figure.bytes);
    const v = figure.kind === 'latency' ? point?.latency_us : point?.bandwidth_MBps;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  const table = result.tables?.find((t) => t.id === figure.table);
  const row = table?.rows.find((r) => r.label === figure.row);
  if (!table || !row) return null;
  const cell = (column: string): number | null => {
    const v = row.values[table.columns.indexOf(column)];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  if (figure.kind === 'table') return cell(figure.column);
  const a = cell(figure.column);
  const b = cell(figure.over);
  return a === null || b === null || b === 0 ? null : ((a - b) / b) * 100;
}

/** The published value of the figure in the scenario's `reference` (its points and tables), or null. */
export function paperValue(scenario: Pick<Scenario, 'reference'>, figure: StudyFigure): number | null {
  const ref = scenario.reference;
  if (!ref) return null;
  if (figure.kind === 'latency' || figure.kind === 'bandwidth') {
    const p = ref.series?.find((s) => s.id === figure.series)?.points.find((q) => q.bytes === figure.bytes) as Record<string, unknown> | undefined;
    const v = p?.[figure.kind === 'latency' ? 'latency_us' : 'bandwidth_MBps'];
    return typeof v === 'number' ? v : null;
  }
  return figureValue({ tables: ref.tables as FigureSource['tables'] }, figure);
}

/** The figure's unit: µs, MB/s, %, or the table's own unit. */
export function figureUnit(figure: StudyFigure, result?: FigureSource | null): string {
  if (figure.kind === 'latency') return 'us';
  if (figure.kind === 'bandwidth') return 'MB/s';
  if (figure.kind === 'gain') return '%';
  return result?.tables?.find((t) => t.id === figure.table)?.unit ?? '';
}

/** A name for legends and axis titles: "one-way latency, portals-put at 0 B". */
export function describeFigure(figure: StudyFigure): string {
  switch (figure.kind) {
    case 'latency': return `one-way latency, ${figure.series} at ${figure.bytes} B`;
    case 'bandwidth': return `bandwidth, ${figure.series} at ${figure.bytes} B`;
    case 'table': return `${figure.table}: ${figure.row}, ${figure.column}`;
    case 'gain': return `${figure.table}: ${figure.row}, gain of ${figure.column} over ${figure.over}`;
  }
}

/** The figure's text form (see the module comment). */
export function formatFigure(figure: StudyFigure): string {
  switch (figure.kind) {
    case 'latency':
    case 'bandwidth': return `${figure.kind}:${figure.series}:${figure.bytes}`;
    case 'table': return `table:${figure.table}:${figure.row}:${figure.column}`;
    case 'gain': return `gain:${figure.table}:${figure.row}:${figure.column}:${figure.over}`;
  }
}

/** A figure from its text form, or the reason it is not one. */
export function parseFigure(text: string): StudyFigure | string {
  const parts = text.split(':');
  const [kind] = parts;
  if ((kind === 'latency' || kind === 'bandwidth') && parts.length === 3 && /^\d+$/.test(parts[2]) && parts[1] !== '')
    return { kind, series: parts[1], bytes: Number(parts[2]) };
  if (kind === 'table' && parts.length === 4 && parts.slice(1).every((p) => p !== '')) return { kind, table: parts[1], row: parts[2], column: parts[3] };
  if (kind === 'gain' && parts.length === 5 && parts.slice(1).every((p) => p !== '')) return { kind, table: parts[1], row: parts[2], column: parts[3], over: parts[4] };
  return `"${text}" is not latency:SERIES:BYTES, bandwidth:SERIES:BYTES, table:TABLE:ROW:COLUMN or gain:TABLE:ROW:COLUMN:OVER_COLUMN`;
}

/**
 * `steps` values from `from` to `to` inclusive, evenly spaced (linear) or by a constant ratio (log: both ends > 0),
 * rounded to 6 significant digits; the reason when not possible.
 */
export function rangeValues(from: number, to: number, steps: number, scale: 'linear' | 'log'): number[] | string {
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 'the range needs two numbers';
  if (!Number.isInteger(steps) || steps < 2 || steps > MAX_STUDY_VALUES) return `the step count is 2 to ${MAX_STUDY_VALUES}`;
  if (scale === 'log' && (from <= 0 || to <= 0)) return 'a log range needs both ends above 0';
  const round = (v: number) => Number(v.toPrecision(6));
  return Array.from({ length: steps }, (_, i) => {
    const f = i / (steps - 1);
    return round(scale === 'log' ? from * (to / from) ** f : from + (to - from) * f);
  });
}

/** The scenario with `parameter` set to `value` (its walkthroughs dropped: they narrate the page's own run). */
export function withParameter(scenario: Scenario, parameter: string, value: number): Scenario {
  const s = structuredClone(scenario);
  s.parameters = { ...(s.parameters ?? {}), [parameter]: value };
  delete s.walkthroughs;
  return s;
}

/** A StudySpec from any parsed value (a share link's), or null when absent or malformed. */
export function restoreStudy(value: unknown): StudySpec | null {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  if (typeof o.parameter !== 'string' || !PARAMETER_NAME.test(o.parameter)) return null;
  if (!Array.isArray(o.values) || o.values.length < 1 || o.values.length > MAX_STUDY_VALUES) return null;
  if (!o.values.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  const figure = typeof o.figure === 'string' ? parseFigure(o.figure) : 'no figure';
  if (typeof figure === 'string') return null;
  return { parameter: o.parameter, values: o.values as number[], figure };
}

/** The form a share link stores (the figure as text). */
export function studyForLink(spec: StudySpec): { parameter: string; values: number[]; figure: string } {
  return { parameter: spec.parameter, values: spec.values, figure: formatFigure(spec.figure) };
}
