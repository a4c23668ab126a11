/**
 * Compare: run A (the page's scenario) and run B (compare/compareSpec.ts) side by side, each with its cluster
 * view (its own topology, trace and packets) and fingerprint. Each view is the same ClusterView inside its run's
 * RunProvider (run/runs.ts pageRun, compareRun). Both follow the one time cursor (locked); clicking a packet of
 * either opens its packet layers; the latency and bandwidth charts overlay run B dashed (components/SizeChart.tsx).
 */
import { useScenario } from '../hooks/useScenario';
import { useSimResult } from '../hooks/useSimResult';
import { useCompareStore } from '../state/compareStore';
import { describeCompare } from '../compare/compareSpec';
import { ClusterView } from './ClusterView';
import { CompareForm } from './CompareForm';
import { RunProvider, useRun, useRunState } from '../run/RunContext';
import { compareRun, pageRun } from '../run/runs';

function Fingerprint({ value, testId }: { value: string | undefined; testId: string }) {
  return value ? <code data-testid={testId}>{value}</code> : <span className="muted" data-testid={`${testId}-pending`}>pending</span>;
}

/** A run's fingerprint in the compare view (the run of the nearest RunProvider). */
function RunFingerprint({ testId }: { testId: string }) {
  const result = useSimResult();
  return <Fingerprint value={result?.fingerprint} testId={testId} />;
}

/** The progress of the run of the nearest RunProvider, until it ends. */
function RunProgress() {
  const status = useRunState((s) => s.status);
  return status !== 'finished' && status !== 'error' ? <span className="muted"> · {status}…</span> : null;
}

/** Why the run of the nearest RunProvider failed, named by its label. */
function RunError() {
  const { label } = useRun();
  const error = useRunState((s) => s.error);
  return error ? <p className="field-error" role="alert" data-testid="compare-error">{`${label}: ${error}`}</p> : null;
}

export function CompareView() {
  const scenario = useScenario();
  const spec = useCompareStore((s) => s.spec);
  const nameB = spec ? describeCompare(spec, scenario) : null;
  return (
    <section className="panel compare-panel" data-testid="compare-view" aria-label="Compare two runs">
      <div className="panel-title">
        <h2>Compare</h2>
        <span className="muted">one time cursor drives both clusters; charts: run B dashed</span>
        {spec && (
          <button type="button" data-testid="compare-clear" onClick={() => useCompareStore.getState().setSpec(null)}>
            Stop comparing
          </button>
        )}
      </div>
      <CompareForm />
      <RunProvider run={compareRun}>
        <RunError />
      </RunProvider>
      <div className="compare-fingerprints">
        <span>run A ({scenario.id}): <RunProvider run={pageRun}><RunFingerprint testId="fingerprint-a" /></RunProvider></span>
        <span>
          run B{nameB ? ` (${nameB})` : ''}:{' '}
          {spec ? (
            <RunProvider run={compareRun}>
              <RunFingerprint testId="fingerprint-b" />
              <RunProgress />
            </RunProvider>
          ) : (
            <span className="muted">not set</span>
          )}
        </span>
      </div>
      {spec && (
        <div className="compare-grid">
          {/* The titles stay one line each so both stages line up; run B's change is named above. */}
          {[pageRun, compareRun].map((run) => (
            <div key={run.id} className={`compare-run compare-run-${run.id}`}>
              <RunProvider run={run}>
                <ClusterView label={run.label} testSuffix={`-${run.id}`} />
              </RunProvider>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
