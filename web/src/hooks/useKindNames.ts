import { useRunStore } from '../state/runStore';
import type { KindNames } from '../sim/traceKinds';

/** Names of trace kinds and value codes from the core. */
export const useKindNames = (): KindNames | null => useRunStore((s) => s.kindNames);
