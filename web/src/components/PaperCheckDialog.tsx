/**
 * The paper check (README "Paper check"): every figure the four seed papers publish, the model's value as
 * `npm run fidelity` last recorded it (scenarios/fidelity/report.json, which a Node test keeps equal to a fresh run),
 * calibrated or predicted, and whether it is within its tolerance; each row opens the scenario that produces it.
 * Loaded with its report as a chunk of its own the first time the header's "Paper check" button is pressed.
 */
import { useMemo, useState } from 'react';
import report from '../../../scenarios/fidelity/report.json';
import { FigureTable } from '../fidelity/FigureTable';
import type { FigureRow, NotModelled } from '../../../core-wasm/js/paperCheck';
import { openShippedScenario } from '../hooks/useInitialScenario';

const SEEDS: Record<string, string> = {
  '000': 'Seed 000: PVFS2 over Quadrics Elan4',
  '001': 'Seed 001: Open MPI over Quadrics Elan4',
  '002': 'Seed 002: Portals 3.3 over Quadrics QsNet (Elan3)',
  '003': 'Seed 003: a software VIA over SCI',
};

export function PaperCheckDialog({ onOpenScenario }: { onOpenScenario: () => void }) {
  const rows = report.figures as FigureRow[];
  const notModelled = report.not_modelled as NotModelled[];
  const [seed, setSeed] = useState<string>('all');
  const shown = useMemo(() => rows.filter((r) => seed === 'all' || r.seed === seed), [rows, seed]);
  const open = (id: string) => {
    onOpenScenario();
    openShippedScenario(id);
  };
  const passed = rows.filter((r) => r.pass).length;
  const calibrated = rows.filter((r) => r.kind === 'calibrated').length;
  return (
    <div className="paper-check-body">
      <p data-testid="paper-check-summary">
        {passed} of {rows.length} published figures within tolerance; {calibrated} calibrated (set by a parameter no
        source gives, declared as calibrated to that figure), {rows.length - calibrated} predicted. Values as{' '}
        <code>npm run fidelity</code> records them; a known miss opens its traced reason.
      </p>
      <label>
        Seed{' '}
        <select value={seed} onChange={(e) => setSeed(e.target.value)} data-testid="paper-check-seed">
          <option value="all">all four</option>
          {Object.entries(SEEDS).map(([id, label]) => <option key={id} value={id}>{label}</option>)}
        </select>
      </label>
      {Object.entries(SEEDS)
        .filter(([id]) => seed === 'all' || id === seed)
        .map(([id, label]) => {
          const mine = shown.filter((r) => r.seed === id);
          return (
            <section key={id} aria-label={label} data-testid={`paper-check-seed-${id}`}>
              <h3>{label}: {mine.filter((r) => r.pass).length} of {mine.length} within tolerance</h3>
              <div className="tables-row" tabIndex={0} role="group" aria-label={`${label} figures`}>
                <FigureTable rows={mine} open={open} testId={`paper-check-table-${id}`} />
              </div>
            </section>
          );
        })}
      <h3>Published, not modelled</h3>
      <ul className="not-modelled">
        {notModelled.filter((n) => seed === 'all' || n.seed === seed).map((n) => (
          <li key={n.figure}>Seed {n.seed}: {n.figure} ({n.reason})</li>
        ))}
      </ul>
    </div>
  );
}
