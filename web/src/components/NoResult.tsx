/**
 * What a chart shows instead of empty axes when its run failed before any result (the banner says why): used by the
 * latency, bandwidth and message-size charts. A run that failed before its first event (its core did not load, the
 * core refused the scenario) computed nothing to play, and says so.
 */
import { useRunState } from '../run/RunContext';

export function NoResult({ testId }: { testId: string }) {
  const computed = useRunState((s) => s.events > 0);
  return (
    <p className="muted chart-no-result" data-testid={`${testId}-no-result`}>
      No result to chart: the run stopped before it finished (the message at the top of the page says why and what to
      do). {computed ? 'What it computed can still be played.' : 'It stopped before its first event, so there is nothing to play.'}
    </p>
  );
}
