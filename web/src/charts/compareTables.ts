/**
 * Pairs a simulated breakdown table with the paper's (matched by table id, rows by label, columns by name)
 * and computes the percentage difference (sim − paper) / paper × 100.
 */
import type { BreakdownTable } from '../../../core-wasm/js/scenarioTypes';

export interface ComparedCell {
  sim: number | null;
  paper: number | null;
  diffPercent: number | null;
}

export interface ComparedTable {
  id: string;
  label: string;
  unit: string;
  columns: string[];
  rows: { label: string; cells: ComparedCell[] }[];
}

const norm = (s: string) => s.trim().toLowerCase();

function cell(table: BreakdownTable | undefined, rowLabel: string, column: string): number | null {
  if (!table) return null;
  const row = table.rows.find((r) => norm(r.label) === norm(rowLabel));
  const col = table.columns.findIndex((c) => norm(c) === norm(column));
  if (!row || col < 0) return null;
  const v = row.values[col];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function compareTables(sim: BreakdownTable[], paper: BreakdownTable[]): ComparedTable[] {
  const ids = [...new Set([...paper.map((t) => t.id), ...sim.map((t) => t.id)])];
  return ids.map((id) => {
    const p = paper.find((t) => t.id === id);
    const s = sim.find((t) => t.id === id);
    const columns = [...new Set([...(p?.columns ?? []), ...(s?.columns ?? [])])];
    const rowLabels = [...(p?.rows.map((r) => r.label) ?? [])];
    for (const r of s?.rows ?? []) if (!rowLabels.some((l) => norm(l) === norm(r.label))) rowLabels.push(r.label);
    return {
      id,
      label: p?.label ?? s?.label ?? id,
      unit: p?.unit ?? s?.unit ?? '',
      columns,
      rows: rowLabels.map((label) => ({
        label,
        cells: columns.map((c) => {
          const simV = cell(s, label, c);
          const paperV = cell(p, label, c);
          const diffPercent = simV !== null && paperV !== null && paperV !== 0 ? ((simV - paperV) / paperV) * 100 : null;
          return { sim: simV, paper: paperV, diffPercent };
        }),
      })),
    };
  });
}
