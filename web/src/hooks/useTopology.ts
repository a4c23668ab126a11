import { useRunStore } from '../state/runStore';
import type { Topology } from '../sim/bridgeTypes';

/** The cluster topology reported by the core (null before the session exists). */
export const useTopology = (): Topology | null => useRunStore((s) => s.topology);
