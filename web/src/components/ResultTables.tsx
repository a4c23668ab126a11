/** The run's breakdown tables (Table 1, Table 2) next to the paper's values, with the % difference. */
import { useMemo } from 'react';
import { useSimResult } from '../hooks/useSimResult';
import { useScenario } from '../hooks/useScenario';
import { compareTables, type ComparedCell } from '../charts/compareTables';

const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(2));

function DiffCell({ cell }: { cell: ComparedCell }) {
  if (cell.diffPercent === null) return <td className="num muted">—</td>;
  const d = cell.diffPercent;
  const cls = Math.abs(d) <= 10 ? 'diff-good' : Math.abs(d) <= 25 ? 'diff-fair' : 'diff-poor';
  return (
    <td className={`num ${cls}`}>
      {d > 0 ? '+' : ''}
      {d.toFixed(1)}%
    </td>
  );
}

export function ResultTables() {
  const result = useSimResult();
  const scenario = useScenario();
  const tables = useMemo(
    () => compareTables(result?.tables ?? [], scenario.reference?.tables ?? []),
    [result, scenario],
  );
  if (tables.length === 0) return null;
  return (
    <section className="panel tables-panel" aria-label="Breakdown tables" data-testid="result-tables">
      <div className="panel-title">
        <h2>Breakdowns: simulation vs. paper</h2>
        <span className="muted">{scenario.reference?.source}</span>
      </div>
      <div className="tables-row">
        {tables.map((t) => (
          <table key={t.id} className="breakdown" data-testid={`table-${t.id}`}>
            <caption>
              {t.label} {t.unit && <span className="muted">({t.unit})</span>}
            </caption>
            <thead>
              <tr>
                <th rowSpan={2}>Step</th>
                {t.columns.map((c) => (
                  <th key={c} colSpan={3} className="group">
                    {c}
                  </th>
                ))}
              </tr>
              <tr>
                {t.columns.map((c) => [
                  <th key={`${c}-s`} className="num">sim</th>,
                  <th key={`${c}-p`} className="num">paper</th>,
                  <th key={`${c}-d`} className="num">Δ</th>,
                ])}
              </tr>
            </thead>
            <tbody>
              {t.rows.map((r) => (
                <tr key={r.label} className={/^total$/i.test(r.label) ? 'total' : undefined}>
                  <th scope="row">{r.label}</th>
                  {r.cells.map((cell, i) => [
                    <td key={`s${i}`} className="num">{result ? fmt(cell.sim) : '…'}</td>,
                    <td key={`p${i}`} className="num">{fmt(cell.paper)}</td>,
                    <DiffCell key={`d${i}`} cell={cell} />,
                  ])}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
