/**
 * The run a cluster view draws: "a" = the page's run (trace/traceStore.ts, state/runStore.ts), "b" = the
 * comparison run (trace/compareTrace.ts, state/compareStore.ts): its trace, topology and a trace-change feed.
 */
import { useRunStore } from '../state/runStore';
import { useCompareStore } from '../state/compareStore';
import { traceStore, type TraceStore } from '../trace/traceStore';
import { compareTraceStore } from '../trace/compareTrace';
import type { Topology } from '../sim/bridgeTypes';

export interface ClusterRun {
  trace: TraceStore;
  topology: Topology | null;
  subscribe: (onChange: () => void) => () => void;
}

const subscribeA = (onChange: () => void) =>
  useRunStore.subscribe((s, prev) => {
    if (s.traceVersion !== prev.traceVersion) onChange();
  });
const subscribeB = (onChange: () => void) =>
  useCompareStore.subscribe((s, prev) => {
    if (s.traceVersion !== prev.traceVersion) onChange();
  });

export function useClusterRun(run: 'a' | 'b'): ClusterRun {
  const topologyB = useCompareStore((s) => s.topology);
  return run === 'a'
    ? { trace: traceStore, topology: null, subscribe: subscribeA }
    : { trace: compareTraceStore, topology: topologyB, subscribe: subscribeB };
}
