/**
 * A table of paper-check rows (fidelity/paperCheck.ts FigureRow): figure, paper, model, unit, tolerance, calibrated
 * or predicted, and whether it passes; a known miss opens its reason. `open` adds a column whose button opens the
 * row's scenario. Used by the header's Paper check dialog (the recorded report) and by the Tables panel (this run).
 */
import type { FigureRow } from '../../../core-wasm/js/paperCheck';

function value(v: number | string | null): string {
  if (v === null) return '—';
  return typeof v === 'number' ? String(v) : v;
}

export function FigureTable({ rows, open, modelLabel = 'model', testId }: {
  rows: FigureRow[];
  open?: (scenario: string) => void;
  modelLabel?: string;
  testId: string;
}) {
  return (
    <table className="breakdown figure-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">figure</th>
          <th scope="col" className="num">paper</th>
          <th scope="col" className="num">{modelLabel}</th>
          <th scope="col">unit</th>
          <th scope="col">tolerance</th>
          <th scope="col">kind</th>
          <th scope="col">check</th>
          {open && <th scope="col"><span className="visually-hidden">scenario</span></th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid={`figure-${r.id}`} className={r.pass ? 'pass' : r.known_miss ? 'known-miss' : 'fail'}>
            <th scope="row" className="figure-name">{r.figure}</th>
            <td className="num">{value(r.paper)}</td>
            <td className="num" data-testid="figure-model">{value(r.model)}</td>
            <td>{r.unit}</td>
            <td>{r.tolerance}</td>
            <td><span className={`badge kind-${r.kind}`}>{r.kind}</span></td>
            <td data-testid="figure-check">
              {r.pass ? (
                <span className="badge tone-done">pass</span>
              ) : r.known_miss ? (
                <details>
                  <summary><span className="badge tone-pending">known miss</span></summary>
                  <p className="miss-reason">{r.known_miss}</p>
                </details>
              ) : (
                <span className="badge tone-error">fail</span>
              )}
            </td>
            {open && (
              <td>
                <button type="button" className="link-button" data-testid="figure-open" onClick={() => open(r.scenario)}
                  title={`Open the scenario that produces it: ${r.scenario}`}>
                  Open {r.scenario}
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
