import { useRunStateInTransition } from '../run/RunContext';

/**
 * Changes whenever the current run's trace received records (painters re-read the arrays), as a React transition
 * (RunContext's useRunStateInTransition): the views re-render for new records in a background render, not in the
 * task that announced them. (useDeferredValue was not enough: the urgent re-render it keeps still reads the trace
 * store, which had changed under it.) Views read the trace store itself, which always holds the latest records.
 */
export const useTraceVersion = (): number => useRunStateInTransition('traceVersion');
