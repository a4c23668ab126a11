/**
 * The run's result tables: breakdowns (Table 1, Table 2) next to the paper's values with the % difference, and
 * tables without published values (NAS execution time in s, speed-up ×; an all-to-all's µs per call and aggregate
 * MB/s, one unit per column; a dynamic job's phases in µs and its new process's counts) with the simulated values only.
 * The panel's heading, and what it says while the run computes, are the workload kind's (catalog WorkloadEntry::
 * tables_title / tables_pending).
 */
import { lazy, Suspense, useMemo } from 'react';
import { useSimResult } from '../hooks/useSimResult';
import { useScenario } from '../hooks/useScenario';
import { compareTables, type ComparedCell, type ComparedTable } from '../charts/compareTables';
import { columnUnits, formatTableValue, unitCaption } from '../charts/tableFormat';
import { workloadEntry } from '../../../core-wasm/js/coreCatalog';

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

const hasPaper = (t: ComparedTable) => t.rows.some((r) => r.cells.some((c) => c.paper !== null));
const isTotal = (label: string) => /^(total|average)$/i.test(label);

/** Each column's unit; a unit list that does not match the columns is shown as an error, not a crash. */
function unitsOf(t: ComparedTable): { units: (string | undefined)[]; error: string | null } {
  try {
    return { units: columnUnits(t.unit, t.columns.length), error: null };
  } catch (e) {
    return { units: t.columns.map(() => undefined), error: (e as Error).message };
  }
}

function Caption({ t }: { t: ComparedTable }) {
  const { error } = unitsOf(t);
  return (
    <caption>
      {t.label} {t.unit && <span className="muted">({unitCaption(t.unit)})</span>}
      {error && <span className="field-error" role="alert"> {error}</span>}
    </caption>
  );
}

/** A table with the paper's values: sim | paper | Δ per column. */
function ComparedTableView({ t, running }: { t: ComparedTable; running: boolean }) {
  const { units } = unitsOf(t);
  return (
    <table className="breakdown" data-testid={`table-${t.id}`}>
      <Caption t={t} />
      <thead>
        <tr>
          <th rowSpan={2}>Step</th>
          {t.columns.map((c) => (
            <th key={c} colSpan={3} className="group">{c}</th>
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
          <tr key={r.label} className={isTotal(r.label) ? 'total' : undefined}>
            <th scope="row">{r.label}</th>
            {r.cells.map((cell, i) => [
              <td key={`s${i}`} className="num">{running ? '…' : formatTableValue(cell.sim, units[i])}</td>,
              <td key={`p${i}`} className="num">{formatTableValue(cell.paper, units[i])}</td>,
              <DiffCell key={`d${i}`} cell={cell} />,
            ])}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A simulated table with no published values: one number per column. */
function SimTableView({ t }: { t: ComparedTable }) {
  const { units } = unitsOf(t);
  return (
    <table className="breakdown" data-testid={`table-${t.id}`}>
      <Caption t={t} />
      <thead>
        <tr>
          <th>{t.id.startsWith('npb-') ? 'Benchmark' : t.id === 'alltoall' || t.id === 'exchange' ? 'MPI layer' : t.id.startsWith('dynamic-') ? 'Measure' : 'Row'}</th>
          {t.columns.map((c) => (
            <th key={c} className="num">{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {t.rows.map((r) => (
          <tr key={r.label} className={isTotal(r.label) ? 'total' : undefined}>
            <th scope="row">{r.label}</th>
            {r.cells.map((cell, i) => (
              <td key={i} className="num" data-testid="table-value">{formatTableValue(cell.sim, units[i])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The published figures of this scenario, against this run (its own chunk with the figure list). */
const RunFigures = lazy(() => import('./RunFigures').then((m) => ({ default: m.RunFigures })));

export function ResultTables() {
  const result = useSimResult();
  const scenario = useScenario();
  const tables = useMemo(
    () => compareTables(result?.tables ?? [], scenario.reference?.tables ?? []),
    [result, scenario],
  );
  // The workload kind names its tables in the catalog (WorkloadEntry::tables_title / tables_pending).
  const entry = workloadEntry(scenario.workload.kind);
  // A run that ended with work unfinished says why (the core's `stalled`), above whatever tables it has.
  const stalled = result?.stalled && (
    <p className="field-error" role="alert" data-testid="run-stalled">The run stopped before its end: {result.stalled}</p>
  );
  if (tables.length === 0) {
    return entry?.tables_pending || stalled ? (
      <section className="panel tables-panel" aria-label={`${entry?.label ?? 'Run'} results`} data-testid="result-tables">
        {stalled || <p className="muted" data-testid="tables-pending">{entry?.tables_pending}</p>}
      </section>
    ) : null;
  }
  const compared = tables.some(hasPaper);
  return (
    <section className="panel tables-panel" aria-label="Result tables" data-testid="result-tables">
      <div className="panel-title">
        <h2 data-testid="tables-title">
          {entry?.tables_title || (compared ? 'Breakdowns: simulation vs. paper' : 'Result tables (simulated)')}
        </h2>
        <span className="muted">{scenario.reference?.source}</span>
      </div>
      {stalled}
      {/* Scrolls sideways when a table is wider than the panel (a phone); focusable so the keyboard can scroll it. */}
      <div className="tables-row" tabIndex={0} role="group" aria-label="Result tables">
        {tables.map((t) => (hasPaper(t) ? <ComparedTableView key={t.id} t={t} running={!result} /> : <SimTableView key={t.id} t={t} />))}
      </div>
      {result && (
        <Suspense fallback={null}>
          <div className="tables-row" tabIndex={0} role="group" aria-label="Published figures">
            <RunFigures scenario={scenario.id} result={result.raw} />
          </div>
        </Suspense>
      )}
    </section>
  );
}
