/** The run's fingerprint (hash of every event; OMNeT++-style), shown once the run finishes. */
import { useSimResult } from '../hooks/useSimResult';
import { useRunStateInTransition } from '../run/RunContext';
import { formatCount } from '../charts/formatCount';

export function FingerprintView() {
  const result = useSimResult();
  const events = useRunStateInTransition('events'); // changes every progress message: a transition
  if (!result?.fingerprint) return <span className="muted fingerprint-pending">fingerprint: pending</span>;
  return (
    <span className="fingerprint-box" title={`Fingerprint over ${formatCount(events)} kernel events`}>
      fingerprint <code data-testid="fingerprint">{result.fingerprint}</code>
    </span>
  );
}
