/**
 * The published figures this scenario produces (scenarios/fidelity/figures.json), read from this run's result:
 * paper, this run, tolerance, calibrated or predicted, within tolerance or not, a known miss with its reason. Shown
 * under the result tables; a chunk of its own (with the figure list), loaded once a run of a scenario with figures
 * has a result.
 */
import { useMemo } from 'react';
import manifest from '../../../scenarios/fidelity/figures.json';
import { FigureTable } from '../fidelity/FigureTable';
import { figureRow, type CheckResult, type FigureManifest } from '../../../core-wasm/js/paperCheck';

const figures = (manifest as FigureManifest).figures;

/** The figures of shipped scenario `scenario` read from `result` (the core's result JSON); nothing if it has none. */
export function RunFigures({ scenario, result }: { scenario: string; result: unknown }) {
  const rows = useMemo(
    () => figures.filter((f) => f.scenario === scenario).map((f) => figureRow(f, result as CheckResult)),
    [scenario, result],
  );
  if (rows.length === 0) return null;
  return (
    <div className="run-figures" data-testid="run-figures">
      <h3>Published figures from this scenario: {rows.filter((r) => r.pass).length} of {rows.length} within tolerance in this run</h3>
      <FigureTable rows={rows} modelLabel="this run" testId="run-figures-table" />
    </div>
  );
}
