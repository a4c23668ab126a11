/**
 * The paper check's files and its readable form, shared by `npm run fidelity` (fidelity.ts) and `npm run sim` (which
 * prints a shipped scenario's own published figures under its tables): the figure list, the recorded report the
 * page shows, and the report as tables by seed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FigureManifest, FigureRow, NotModelled } from '../js/paperCheck';
import { ROOT } from './engines';

export const FIGURES = join(ROOT, 'scenarios/fidelity/figures.json');
export const REPORT = join(ROOT, 'scenarios/fidelity/report.json');

export interface FidelityReport {
  figures: FigureRow[];
  not_modelled: NotModelled[];
}

export function readManifest(): FigureManifest {
  return JSON.parse(readFileSync(FIGURES, 'utf8')) as FigureManifest;
}

function text(v: number | string | null): string {
  if (v === null) return '—';
  return typeof v === 'number' ? String(v) : v;
}

/** The report as readable tables, one per seed. */
export function formatReport(report: FidelityReport): string {
  let out = '';
  for (const seed of [...new Set(report.figures.map((f) => f.seed))].sort()) {
    const rows = report.figures.filter((f) => f.seed === seed);
    const passed = rows.filter((f) => f.pass).length;
    out += `\nSeed ${seed}: ${passed} of ${rows.length} figures within tolerance\n`;
    const cells = rows.map((f) => [f.figure, text(f.paper), text(f.model), f.unit, f.tolerance, f.kind, f.pass ? 'pass' : f.known_miss ? 'known miss' : 'FAIL']);
    const header = ['figure', 'paper', 'model', 'unit', 'tolerance', 'kind', ''];
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
    const line = (r: string[]) => r.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
    out += [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n') + '\n';
    for (const f of rows.filter((x) => x.known_miss)) out += `  known miss, ${f.id}: ${f.known_miss}\n`;
  }
  const total = report.figures.length;
  const calibrated = report.figures.filter((f) => f.kind === 'calibrated').length;
  out += `\n${report.figures.filter((f) => f.pass).length} of ${total} figures within tolerance; ${calibrated} calibrated, ${total - calibrated} predicted.\n`;
  if (report.not_modelled.length) {
    out += '\nPublished but not modelled:\n';
    for (const n of report.not_modelled) out += `  seed ${n.seed}: ${n.figure} (${n.reason})\n`;
  }
  return out;
}

