/**
 * The paper check: every figure the four seed papers publish, the model's value for it and whether it lies within
 * its tolerance. The figures are listed once, in scenarios/fidelity/figures.json (read by `npm run fidelity`, its
 * Node test and the page's "Paper check" view); each names the shipped scenario that produces it and how to read the
 * model's value from that scenario's result JSON (the shape `npm run --silent sim -- <id> --format json` prints).
 *
 * A figure is `calibrated` when exactly one unsourced parameter was set to reproduce it (its registry source reads
 * `calibrated: <seed, figure, value>`), else `predicted`. A figure the model misses carries `known_miss` with the
 * value the model gave when the miss was recorded and the reason; the Node test fails when that value moves, and
 * when a figure without one leaves its tolerance.
 */

/** A result as the core prints it (only what the expressions read). */
export interface CheckResult {
  series: { id: string; points: { bytes: number; latency_us: number; bandwidth_MBps: number }[] }[];
  tables: { id: string; columns: string[]; rows: { label: string; values: (number | null)[] }[] }[];
}

/** How the model's value is read from a result. Numbers in the result's units. */
export type Expr =
  | { table: string; row: string; column: string }
  | { point: string; bytes: number; field: 'latency_us' | 'bandwidth_MBps' }
  /** a - b */
  | { sub: [Expr, Expr] }
  /** 100 (a / b - 1): a gain in percent */
  | { gain: [Expr, Expr] }
  /** 100 (1 - a / b): a reduction in percent */
  | { reduction: [Expr, Expr] }
  | { min: Expr[] }
  | { max: Expr[] }
  /** mean over the sizes both series have, up to max_bytes, of a's latency minus b's (µs) */
  | { mean_gap: { a: string; b: string; max_bytes: number } };

/** An ordering figure: the labels sorted by their values, ascending, joined by ' < ' (e.g. 'SG-LIO < LIO < IBA'). */
export interface OrderExpr {
  order: { label: string; value: Expr }[];
}

/** When a model value counts as reproducing the paper's. */
export type Tolerance =
  | { relative: number }
  /** in the figure's unit (percentage points for a gain) */
  | { absolute: number }
  /** a claim: the model's value must be above (below) this */
  | { above: number }
  | { below: number }
  /** an ordering: the model's order must read as the paper's */
  | { order: true };

export interface Figure {
  /** stable id, e.g. 's000-btio-io-sg' */
  id: string;
  seed: '000' | '001' | '002' | '003';
  /** what the paper publishes, as a reader would find it ("BT-IO table: Elan4 LIO I/O time") */
  figure: string;
  /** the shipped scenario whose run produces the model's value */
  scenario: string;
  paper: number | string;
  unit: string;
  tolerance: Tolerance;
  kind: 'calibrated' | 'predicted';
  model: Expr | OrderExpr;
  /** a figure the model does not reproduce: the value recorded with the reason, which the test holds it to */
  known_miss?: { model: number | string; reason: string };
  /** where the paper says it, when `figure` does not */
  note?: string;
}

/** A published figure of a system or a machine the product does not model. */
export interface NotModelled {
  seed: string;
  figure: string;
  reason: string;
}

export interface FigureManifest {
  format: 'hpc-interconnect-fidelity';
  version: 1;
  figures: Figure[];
  not_modelled: NotModelled[];
}

/** One row of the report (`npm run --silent fidelity -- --format json`: {"figures": [FigureRow...]}). */
export interface FigureRow {
  id: string;
  seed: string;
  figure: string;
  scenario: string;
  paper: number | string;
  model: number | string | null;
  unit: string;
  tolerance: string;
  kind: 'calibrated' | 'predicted';
  pass: boolean;
  known_miss?: string;
}

export class CheckError extends Error {}

function isOrder(e: Expr | OrderExpr): e is OrderExpr {
  return 'order' in e;
}

/** The value of `e` in `r`; throws CheckError naming what is missing. */
export function evaluate(e: Expr, r: CheckResult): number {
  if ('table' in e) {
    const t = r.tables.find((x) => x.id === e.table);
    if (!t) throw new CheckError(`no table '${e.table}'`);
    const row = t.rows.find((x) => x.label === e.row);
    const c = t.columns.indexOf(e.column);
    if (!row || c < 0) throw new CheckError(`table '${e.table}' has no cell '${e.row}' / '${e.column}'`);
    const v = row.values[c];
    if (typeof v !== 'number') throw new CheckError(`table '${e.table}' cell '${e.row}' / '${e.column}' is empty`);
    return v;
  }
  if ('point' in e) {
    const s = r.series.find((x) => x.id === e.point);
    const p = s?.points.find((x) => x.bytes === e.bytes);
    if (!p) throw new CheckError(`series '${e.point}' has no point at ${e.bytes} B`);
    return p[e.field];
  }
  if ('sub' in e) return evaluate(e.sub[0], r) - evaluate(e.sub[1], r);
  if ('gain' in e) return 100 * (evaluate(e.gain[0], r) / evaluate(e.gain[1], r) - 1);
  if ('reduction' in e) return 100 * (1 - evaluate(e.reduction[0], r) / evaluate(e.reduction[1], r));
  if ('min' in e) return Math.min(...e.min.map((x) => evaluate(x, r)));
  if ('max' in e) return Math.max(...e.max.map((x) => evaluate(x, r)));
  const { a, b, max_bytes } = e.mean_gap;
  const sa = r.series.find((x) => x.id === a);
  const sb = r.series.find((x) => x.id === b);
  if (!sa || !sb) throw new CheckError(`no series '${sa ? b : a}'`);
  const gaps = sa.points.flatMap((p) => {
    const q = sb.points.find((x) => x.bytes === p.bytes);
    return q && p.bytes <= max_bytes ? [p.latency_us - q.latency_us] : [];
  });
  if (gaps.length === 0) throw new CheckError(`series '${a}' and '${b}' share no size up to ${max_bytes} B`);
  return gaps.reduce((x, y) => x + y, 0) / gaps.length;
}

/** The model's value of a figure: a number, or for an ordering the labels in the model's order. */
export function modelValue(f: Figure, r: CheckResult): number | string {
  if (!isOrder(f.model)) return evaluate(f.model, r);
  const vs = f.model.order.map((o) => ({ label: o.label, v: evaluate(o.value, r) }));
  return vs.sort((x, y) => x.v - y.v).map((x) => x.label).join(' < ');
}

/** Whether `model` reproduces the paper's value within the figure's tolerance. */
export function within(f: Figure, model: number | string): boolean {
  const t = f.tolerance;
  if ('order' in t) return model === f.paper;
  if (typeof model !== 'number') return false;
  if ('above' in t) return model > t.above;
  if ('below' in t) return model < t.below;
  if (typeof f.paper !== 'number') return false;
  if ('relative' in t) return Math.abs(model - f.paper) <= t.relative * Math.abs(f.paper);
  return Math.abs(model - f.paper) <= t.absolute;
}

/** The tolerance as the report prints it: '±10%', '±15 points', '> 0.2 µs', 'order'. */
export function toleranceText(f: Figure): string {
  const t = f.tolerance;
  if ('order' in t) return 'order';
  if ('above' in t) return `> ${t.above} ${f.unit}`;
  if ('below' in t) return `< ${t.below} ${f.unit}`;
  if ('relative' in t) return `±${+(t.relative * 100).toFixed(1)}%`;
  return f.unit === '%' ? `±${t.absolute} points` : `±${t.absolute} ${f.unit}`;
}

/** Rounds a model value as the report records it (4 significant digits; orders as they are). */
export function recorded(v: number | string): number | string {
  return typeof v === 'number' ? Number(v.toPrecision(4)) : v;
}

/** The report row of figure `f` given its scenario's result (or the error that kept it from one). */
export function figureRow(f: Figure, r: CheckResult | Error): FigureRow {
  let model: number | string | null = null;
  if (!(r instanceof Error)) {
    try {
      model = recorded(modelValue(f, r));
    } catch (e) {
      if (!(e instanceof CheckError)) throw e;
    }
  }
  const row: FigureRow = {
    id: f.id,
    seed: f.seed,
    figure: f.figure,
    scenario: f.scenario,
    paper: f.paper,
    model,
    unit: f.unit,
    tolerance: toleranceText(f),
    kind: f.kind,
    pass: model !== null && within(f, model),
  };
  if (f.known_miss) row.known_miss = f.known_miss.reason;
  return row;
}

/**
 * Whether a row keeps its recorded state: a figure that passes still passes, and a known miss still gives the
 * value it was recorded with (so a later change cannot silently break or shift a reproduction). "" or why not.
 */
export function heldState(f: Figure, row: FigureRow): string {
  if (row.model === null) return `${f.id}: the model gives no value`;
  if (!f.known_miss) return row.pass ? '' : `${f.id}: ${row.model} ${f.unit} is outside ${row.tolerance} of ${f.paper}`;
  if (row.model !== f.known_miss.model)
    return `${f.id}: a known miss moved from ${f.known_miss.model} to ${row.model} ${f.unit}` +
      (row.pass ? ' (it now passes: drop its known_miss)' : ' (record the new value and its reason)');
  return '';
}
