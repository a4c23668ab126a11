import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useTopologyIndex } from './useTopologyIndex';
import { useRun } from '../run/RunContext';
import { hostThreadSpans, type ThreadSpan } from '../chain/hostThreads';

export interface HostThreads {
  node: number;
  spans: ThreadSpan[];
}

/** Host-thread spans (chain/hostThreads.ts) of each node in [from_ps, to_ps]; `sleeps`: waits sleep until an interrupt. */
export function useHostThreads(nodes: readonly number[], from_ps: number, to_ps: number, sleeps: boolean): HostThreads[] {
  const { trace } = useRun();
  const version = useTraceVersion();
  const topo = useTopologyIndex();
  const key = nodes.join(',');
  return useMemo(() => {
    if (!topo) return [];
    return nodes.flatMap((node) => {
      const host = topo.host.get(node);
      return host === undefined ? [] : [{ node, spans: hostThreadSpans(trace, host, from_ps, to_ps, sleeps) }];
    });
    // version: the trace store grew; key: the node list's contents
  }, [trace, topo, key, from_ps, to_ps, sleeps, version]);
}
