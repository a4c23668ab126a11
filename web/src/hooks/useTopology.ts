import { useRunState, useRunStateInTransition } from '../run/RunContext';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';

/**
 * The current run's cluster topology reported by the core (null before the session exists), as a React transition
 * (RunContext's useRunStateInTransition): the views that derive much from it (the sequence chart's lanes, the
 * topology index, the inspectors) do not render it in the task that received it.
 */
export const useTopology = (): Topology | null => useRunStateInTransition('topology');

/**
 * The same topology as an urgent update, for the cluster view: a transition that keeps being interrupted never
 * commits. While a large run streams its trace and Play moves the clock every frame, each frame's time update restarted
 * the pending transition render, and the 64-node all-to-all's cluster view said "Waiting for the simulator's
 * topology…" for the first 1.5 s of playing, or more (2026-11-28; React expires a starved transition after about
 * 5 s). What the cluster view does with it at once is bounded: a topology of more than 2,000 components is laid out in
 * slices (hooks/useClusterLayout.ts), one of more than 1,000 drawn on a canvas whose first scene is built in slices
 * (hooks/useComponentCanvas.ts).
 */
export const useTopologyNow = (): Topology | null => useRunState((s) => s.topology);
