import { useRunStore } from '../state/runStore';
import type { SimResult } from '../sim/bridgeTypes';

/** The run's result (series, tables, fingerprint), null until the run finishes. */
export const useSimResult = (): SimResult | null => useRunStore((s) => s.result);
