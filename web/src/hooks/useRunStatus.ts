import { useRunStore, type RunStatus } from '../state/runStore';

/** Status of the simulation run. */
export const useRunStatus = (): RunStatus => useRunStore((s) => s.status);
