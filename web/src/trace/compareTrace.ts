/** Trace records of the comparison run (run B), outside React like trace/traceStore.ts's `traceStore`. */
import { TraceStore } from './traceStore';

export const compareTraceStore = new TraceStore();
