/**
 * In-page JavaScript (a string, so the bundler's helpers never reach the page): true once the page is ready to play,
 * i.e. Play is enabled and the trace holds a packet record (the core loaded and the run's first batch arrived).
 * The benches' cold load (bench-ui.ts) and playing while computing (computingFrames.ts) press Play at that moment.
 */
export const READY_TO_PLAY = `(() => {
  const play = document.querySelector('[data-testid="play-toggle"]');
  const status = document.querySelector('[data-testid="run-status"]');
  return !!play && !play.disabled && Number(status?.getAttribute('data-packet-records') ?? 0) > 0;
})()`;
