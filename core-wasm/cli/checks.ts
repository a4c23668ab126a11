/**
 * "Paper vs simulated": the published values of a scenario's `reference` (seed 002 Tables 1 and 2, §5.1,
 * §5.2) next to the simulated ones, with the relative difference. Shared by the CLI table, the README's table
 * and the fidelity tests, so all three compare the same numbers the same way.
 */
import type { SimResult } from './engines';

export interface Comparison {
  what: string;
  unit: string;
  paper: number;
  simulated: number;
  /** (simulated - paper) / paper */
  relative: number;
}

interface Reference {
  tables?: { id: string; columns: string[]; rows: { label: string; values: number[] }[] }[];
  series?: { id: string; points: { bytes: number; latency_us?: number; bandwidth_MBps?: number }[] }[];
  checks?: { id: string; description: string; expected: number; unit?: string }[];
}

const rel = (sim: number, paper: number) => (sim - paper) / paper;

/** Mean latency of series `a` minus series `b` over the sizes both have in [1 B, `maxBytes`] plus 0 B (µs). */
export function meanLatencyGap(result: SimResult, a: string, b: string, maxBytes = 1024): number | undefined {
  const sa = result.series.find((s) => s.id === a);
  const sb = result.series.find((s) => s.id === b);
  if (!sa || !sb) return undefined;
  const gaps: number[] = [];
  for (const p of sa.points) {
    const q = sb.points.find((x) => x.bytes === p.bytes);
    if (q && p.bytes <= maxBytes) gaps.push(p.latency_us - q.latency_us);
  }
  return gaps.length ? gaps.reduce((x, y) => x + y, 0) / gaps.length : undefined;
}

/** Every comparison the scenario's reference allows, in a stable order. */
export function compareWithPaper(result: SimResult, reference: Reference | undefined): Comparison[] {
  const out: Comparison[] = [];
  if (!reference) return out;
  for (const t of reference.tables ?? []) {
    const sim = result.tables.find((x) => x.id === t.id);
    if (!sim) continue;
    for (const row of t.rows) {
      const srow = sim.rows.find((r) => r.label === row.label);
      if (!srow) continue;
      t.columns.forEach((col, c) => {
        const ci = sim.columns.indexOf(col);
        if (ci < 0 || row.values[c] === undefined) return;
        out.push({ what: `${t.id} / ${row.label} / ${col}`, unit: 'us', paper: row.values[c], simulated: srow.values[ci], relative: rel(srow.values[ci], row.values[c]) });
      });
    }
  }
  for (const s of reference.series ?? []) {
    const sim = result.series.find((x) => x.id === s.id);
    if (!sim) continue;
    for (const p of s.points) {
      const q = sim.points.find((x) => x.bytes === p.bytes);
      if (!q) continue;
      if (p.latency_us !== undefined)
        out.push({ what: `${s.id} latency at ${p.bytes} B`, unit: 'us', paper: p.latency_us, simulated: q.latency_us, relative: rel(q.latency_us, p.latency_us) });
      if (p.bandwidth_MBps !== undefined)
        out.push({ what: `${s.id} bandwidth at ${p.bytes} B`, unit: 'MB/s', paper: p.bandwidth_MBps, simulated: q.bandwidth_MBps, relative: rel(q.bandwidth_MBps, p.bandwidth_MBps) });
    }
  }
  for (const c of reference.checks ?? []) {
    let value: number | undefined;
    if (c.id === 'portals-over-tports-us') value = meanLatencyGap(result, 'portals-put', 'tports-send');
    if (c.id === 'tports-bandwidth-asymptote') {
      const pts = result.series.find((s) => s.id === 'tports-send')?.points ?? [];
      value = pts.length ? pts[pts.length - 1].bandwidth_MBps : undefined;
    }
    if (value !== undefined) out.push({ what: c.description, unit: c.unit ?? '', paper: c.expected, simulated: value, relative: rel(value, c.expected) });
  }
  return out;
}
