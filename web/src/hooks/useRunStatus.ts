import { useRunState } from '../run/RunContext';
import type { RunStatus } from '../run/runController';

/** Status of the current run (run/RunContext.tsx). */
export const useRunStatus = (): RunStatus => useRunState((s) => s.status);
