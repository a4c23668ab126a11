import { useRunStateInTransition } from '../run/RunContext';

/**
 * Latest simulated time covered by the current run's trace, picoseconds. It grows with every trace notification
 * while the run computes, so it arrives as a transition (RunContext's useRunStateInTransition).
 */
export const useTraceEnd = (): number => useRunStateInTransition('end_ps');
