import { useRunStore } from '../state/runStore';

/** Changes whenever trace/traceStore.ts received records (painters re-read the arrays). */
export const useTraceVersion = (): number => useRunStore((s) => s.traceVersion);
