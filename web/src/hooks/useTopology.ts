import { useRunState } from '../run/RunContext';
import type { Topology } from '../sim/bridgeTypes';

/** The current run's cluster topology reported by the core (null before the session exists). */
export const useTopology = (): Topology | null => useRunState((s) => s.topology);
