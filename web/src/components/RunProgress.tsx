/**
 * The run's progress as the worker reports it (simulated µs and kernel events while computing; events and trace
 * records once done) and the Cancel button while it computes. `data-status`, `data-records` and
 * `data-packet-records` expose the run's state and trace size to tests and benchmarks.
 */
import { useRunStatus } from '../hooks/useRunStatus';
import { useRun, useRunState } from '../run/RunContext';
import { formatUs } from '../charts/formatUs';
import { formatCount } from '../charts/formatCount';

export function RunProgress({ onCancel }: { onCancel: () => void }) {
  const status = useRunStatus();
  const now_ps = useRunState((s) => s.now_ps);
  const events = useRunState((s) => s.events);
  const records = useRunState((s) => s.traceRecords);
  const run = useRun();
  const running = status === 'running' || status === 'loading';
  return (
    <>
      <span className="run-status" data-testid="run-status" data-status={status} data-records={records} data-packet-records={run.trace.index.packet.length}>
        {status === 'loading' && 'loading core…'}
        {status === 'running' && `simulating: ${formatUs(now_ps)} µs, ${formatCount(events)} events`}
        {status === 'finished' && `done: ${formatCount(events)} events, ${formatCount(records)} trace records`}
        {status === 'cancelled' && 'cancelled'}
        {status === 'error' && 'failed'}
        {status === 'idle' && 'idle'}
      </span>
      {running && (
        <button type="button" data-testid="cancel-run" onClick={onCancel} aria-label="Cancel the running simulation">
          Cancel
        </button>
      )}
    </>
  );
}
