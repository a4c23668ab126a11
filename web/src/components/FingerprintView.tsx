/** The run's fingerprint (hash of every event; OMNeT++-style), shown once the run finishes. */
import { useSimResult } from '../hooks/useSimResult';
import { useRunStateInTransition } from '../run/RunContext';
import type { RunState } from '../run/runController';
import { formatCount } from '../charts/formatCount';

const eventCount = (s: RunState) => s.events;

export function FingerprintView() {
  const result = useSimResult();
  const events = useRunStateInTransition(eventCount); // changes every progress message: a transition
  if (!result?.fingerprint) return <span className="muted fingerprint-pending">fingerprint: pending</span>;
  return (
    <span className="fingerprint-box" title={`Fingerprint over ${formatCount(events)} kernel events`}>
      fingerprint <code data-testid="fingerprint">{result.fingerprint}</code>
    </span>
  );
}
