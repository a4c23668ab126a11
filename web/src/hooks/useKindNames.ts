import { useRunState } from '../run/RunContext';
import type { KindNames } from '../sim/traceKinds';

/** Names of trace kinds and value codes from the current run's core. */
export const useKindNames = (): KindNames | null => useRunState((s) => s.kindNames);
