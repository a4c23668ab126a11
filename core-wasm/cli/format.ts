/** Plain-text tables of a result for the terminal (`npm run sim`), and the paper-vs-simulated table. */
import type { Comparison } from './checks';
import type { SimResult } from './engines';

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

/** A value for a table cell: a number to `digits` places, "—" for none (a bounded run's unfinished cells). */
function cell(v: number | null | undefined, digits: number): string {
  return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : '—';
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => pad(c, widths[i], i > 0)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n') + '\n';
}

/** Markdown table of the comparisons (README and terminal). */
export function comparisonTable(comparisons: Comparison[]): string {
  const rows = comparisons.map((c) => [
    c.what,
    c.unit,
    c.paper.toFixed(c.paper < 10 ? 2 : 1),
    c.simulated.toFixed(c.simulated < 10 ? 2 : 1),
    `${c.relative >= 0 ? '+' : ''}${(100 * c.relative).toFixed(1)}%`,
  ]);
  return ['| quantity | unit | paper | simulated | difference |', '|---|---|---:|---:|---:|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n') + '\n';
}

export function formatTables(result: SimResult, comparisons: Comparison[]): string {
  let out = `scenario ${result.scenario}   fingerprint ${result.fingerprint}   events ${result.events}\n\n`;
  const sizes = result.series[0]?.points.map((p) => p.bytes) ?? [];
  const header = ['bytes', ...result.series.map((s) => `${s.id} us`), ...result.series.map((s) => `${s.id} MB/s`)];
  const rows = sizes.map((b, k) => [
    String(b),
    ...result.series.map((s) => cell(s.points[k]?.latency_us, 2)),
    ...result.series.map((s) => cell(s.points[k]?.bandwidth_MBps, 1)),
  ]);
  if (rows.length > 0) {
    out += 'One-way latency (iteration / 2) and bandwidth (size / one-way latency; MB/s = 10^6 B/s)\n';
    out += table(header, rows) + '\n';
  }
  for (const t of result.tables) {
    out += `${t.label} (${t.unit})\n`;
    out += table(['', ...t.columns], t.rows.map((r) => [r.label, ...(r.values as (number | null)[]).map((v) => cell(v, 2))])) + '\n';
  }
  if (comparisons.length) out += 'Paper vs simulated\n' + comparisonTable(comparisons);
  return out;
}
