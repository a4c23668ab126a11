import { useRunStateInTransition } from '../run/RunContext';
import type { Topology } from '../sim/bridgeTypes';

/**
 * The current run's cluster topology reported by the core (null before the session exists), as a React transition
 * (RunContext's useRunStateInTransition): laying out and drawing a large cluster is not done in the task that
 * received it.
 */
export const useTopology = (): Topology | null => useRunStateInTransition('topology');
