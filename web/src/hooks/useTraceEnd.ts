import { useRunStore } from '../state/runStore';

/** Latest simulated time covered by the trace, picoseconds. */
export const useTraceEnd = (): number => useRunStore((s) => s.end_ps);
