import { useRunState } from '../run/RunContext';

/** Latest simulated time covered by the current run's trace, picoseconds. */
export const useTraceEnd = (): number => useRunState((s) => s.end_ps);
