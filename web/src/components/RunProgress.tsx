/**
 * The run's progress as the worker reports it (simulated µs and kernel events while computing, with events per second,
 * the share of the workload done and an estimate of the time left; events and trace
 * records once done) and the Cancel button while it computes. `data-status`, `data-records` and
 * `data-packet-records` expose the run's state and trace size to tests and benchmarks.
 */
import { useRunStatus } from '../hooks/useRunStatus';
import { useRun, useRunStateInTransition } from '../run/RunContext';
import { formatUs } from '../charts/formatUs';
import { formatCount } from '../charts/formatCount';
import { useSimResult } from '../hooks/useSimResult';
import { progressTail } from '../../../core-wasm/js/runProgress';

/**
 * The figures change with every progress message while the run computes, so they arrive as transitions
 * (useRunStateInTransition): a synchronous re-render every slice would throw away, each time, the views' background
 * render of the growing trace.
 */
export function RunProgress({ onCancel }: { onCancel: () => void }) {
  const status = useRunStatus();
  const now_ps = useRunStateInTransition('now_ps');
  const events = useRunStateInTransition('events');
  const progress = useRunStateInTransition('progress');
  const records = useRunStateInTransition('traceRecords');
  const run = useRun();
  const result = useSimResult();
  const stalled = result?.stalled !== undefined;
  const bounded = result?.bounded?.reason === 'memory';
  const running = status === 'running' || status === 'loading';
  return (
    <>
      <span className="run-status" data-testid="run-status" data-status={status} data-records={records} data-packet-records={run.trace.index.packet.length}>
        {status === 'loading' && 'loading core…'}
        {status === 'running' && `simulating: ${formatUs(now_ps)} µs, ${formatCount(events)} events`}
        {status === 'running' && progress && (
          <span className="run-rate" data-testid="run-rate" data-fraction={progress.fraction ?? -1}>
            {` (${progressTail(progress)})`}
          </span>
        )}
        {status === 'finished' && `${bounded ? 'stopped at the memory budget' : stalled ? 'stalled (see the tables)' : 'done'}: ${formatCount(events)} events, ${formatCount(records)} trace records`}
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
