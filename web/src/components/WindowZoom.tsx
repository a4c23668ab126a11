/** Zoom buttons of the time window shared by the sequence chart and the timeline (half-width in µs). */
import { useWindowHalf } from '../hooks/useWindowHalf';
import { useViewStore } from '../state/viewStore';
import { formatHalfWindow } from '../charts/timeAxis';

export function WindowZoom({ testId }: { testId: string }) {
  const half = useWindowHalf();
  const zoom = useViewStore((s) => s.zoom);
  return (
    <span className="window-zoom" role="group" aria-label="Time window">
      <button type="button" data-testid={`${testId}-zoom-in`} aria-label="Zoom in (narrower time window)" onClick={() => zoom(-1)}>
        +
      </button>
      <span className="muted" data-testid={`${testId}-window`}>{formatHalfWindow(half)}</span>
      <button type="button" data-testid={`${testId}-zoom-out`} aria-label="Zoom out (wider time window)" onClick={() => zoom(1)}>
        −
      </button>
    </span>
  );
}
