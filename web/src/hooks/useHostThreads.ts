import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useTopologyIndex } from './useTopologyIndex';
import { useRun } from '../run/RunContext';
import { hostThreadSpans, tracedThreadLanes, type ThreadSpan } from '../chain/hostThreads';

/** One lane of a node's threads. */
export interface HostThreads {
  node: number;
  /** "thread" when inferred from host ops and wakes, else the traced thread ("application", "receive thread", ...). */
  label: string;
  /** The traced thread's role (chain/hostThreads.ts THREAD_ROLE), or null for an inferred lane. */
  role: number | null;
  spans: ThreadSpan[];
}

/**
 * Thread lanes of each node in [from_ps, to_ps] (chain/hostThreads.ts): its traced threads where the core traces
 * them, else one lane inferred from host ops and wakes (`sleeps`: waits sleep until an interrupt).
 */
export function useHostThreads(nodes: readonly number[], from_ps: number, to_ps: number, sleeps: boolean): HostThreads[] {
  const { trace } = useRun();
  const version = useTraceVersion();
  const topo = useTopologyIndex();
  const key = nodes.join(',');
  return useMemo(() => {
    if (!topo) return [];
    return nodes.flatMap((node): HostThreads[] => {
      const host = topo.host.get(node);
      if (host === undefined) return [];
      const traced = tracedThreadLanes(trace, host, from_ps, to_ps);
      if (traced.length > 0) return traced.map((l) => ({ node, label: l.label, role: l.role, spans: l.spans }));
      return [{ node, label: 'thread', role: null, spans: hostThreadSpans(trace, host, from_ps, to_ps, sleeps) }];
    });
    // version: the trace store grew; key: the node list's contents
  }, [trace, topo, key, from_ps, to_ps, sleeps, version]);
}
