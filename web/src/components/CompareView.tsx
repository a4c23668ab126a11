/**
 * Compare: run A (the page's scenario) and run B (compare/compareSpec.ts) side by side, each with its cluster
 * view (its own topology, trace and packets) and fingerprint. Both views follow the one time cursor (locked);
 * clicking a packet of either opens its packet layers; the latency and bandwidth charts overlay run B dashed
 * (components/SizeChart.tsx).
 */
import { useScenario } from '../hooks/useScenario';
import { useSimResult } from '../hooks/useSimResult';
import { useCompareStore } from '../state/compareStore';
import { describeCompare } from '../compare/compareSpec';
import { ClusterView } from './ClusterView';
import { CompareForm } from './CompareForm';
import { useComparePacketPick } from '../hooks/useComparePacketPick';

function Fingerprint({ value, testId }: { value: string | undefined; testId: string }) {
  return value ? <code data-testid={testId}>{value}</code> : <span className="muted" data-testid={`${testId}-pending`}>pending</span>;
}

export function CompareView() {
  const scenario = useScenario();
  const resultA = useSimResult();
  const spec = useCompareStore((s) => s.spec);
  const status = useCompareStore((s) => s.status);
  const error = useCompareStore((s) => s.error);
  const resultB = useCompareStore((s) => s.result);
  const nameB = spec ? describeCompare(spec, scenario) : null;
  const pickB = useComparePacketPick();
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
      {error && <p className="field-error" role="alert" data-testid="compare-error">{error}</p>}
      <div className="compare-fingerprints">
        <span>run A ({scenario.id}): <Fingerprint value={resultA?.fingerprint} testId="fingerprint-a" /></span>
        <span>
          run B{nameB ? ` (${nameB})` : ''}: {spec ? <Fingerprint value={resultB?.fingerprint} testId="fingerprint-b" /> : <span className="muted">not set</span>}
          {spec && status !== 'finished' && status !== 'error' && <span className="muted"> · {status}…</span>}
        </span>
      </div>
      {spec && (
        <div className="compare-grid">
          <ClusterView run="a" label="Run A" testSuffix="-a" />
          {/* The titles stay one line each so both stages line up; run B's change is named above. */}
          <div className="compare-run-b" onClickCapture={pickB}>
            <ClusterView run="b" label="Run B" />
          </div>
        </div>
      )}
    </section>
  );
}
