/** The run's fingerprint (hash of every event; OMNeT++-style), shown once the run finishes. */
import { useSimResult } from '../hooks/useSimResult';
import { useRunStatus } from '../hooks/useRunStatus';
import { useRunStateInTransition } from '../run/RunContext';
import { formatCount } from '../charts/formatCount';

export function FingerprintView() {
  const result = useSimResult();
  const events = useRunStateInTransition('events'); // changes every progress message: a transition
  const failed = useRunStatus() === 'error';
  // A failed run has none to wait for (the banner says why); a run that finished with a result always has one.
  if (!result?.fingerprint)
    return <span className="muted fingerprint-pending">{failed ? 'fingerprint: none (the run failed)' : 'fingerprint: pending'}</span>;
  return (
    <span className="fingerprint-box" title={`Fingerprint over ${formatCount(events)} kernel events`}>
      fingerprint <code data-testid="fingerprint">{result.fingerprint}</code>
    </span>
  );
}
