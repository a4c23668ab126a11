import { useRunState } from '../run/RunContext';

/** Changes whenever the current run's trace received records (painters re-read the arrays). */
export const useTraceVersion = (): number => useRunState((s) => s.traceVersion);
