/**
 * What a chart shows instead of empty axes when its run failed before any result (the banner says why): used by the
 * latency, bandwidth and message-size charts.
 */
export function NoResult({ testId }: { testId: string }) {
  return (
    <p className="muted chart-no-result" data-testid={`${testId}-no-result`}>
      No result to chart: the run stopped before it finished (the message at the top of the page says why and what to
      do). What it computed can still be played.
    </p>
  );
}
