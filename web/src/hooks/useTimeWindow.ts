import { useSimTime } from './useSimTime';
import { useWindowHalf } from './useWindowHalf';

/** The time window [from_ps, to_ps] around the cursor that the sequence chart and the timeline show. */
export function useTimeWindow(): { from_ps: number; to_ps: number; cursor_ps: number } {
  const cursor_ps = useSimTime();
  const half_ps = useWindowHalf() * 1e6;
  return { from_ps: Math.max(0, cursor_ps - half_ps), to_ps: Math.max(0, cursor_ps - half_ps) + 2 * half_ps, cursor_ps };
}
