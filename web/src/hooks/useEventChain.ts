import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useTopologyIndex } from './useTopologyIndex';
import { useRun } from '../run/RunContext';
import { messageRecords } from '../chain/messageRecords';
import { deriveChain } from '../chain/deriveChain';
import type { ChainGraph } from '../chain/chainTypes';

export interface EventChain {
  graph: ChainGraph;
  /** Cluster nodes the message touched (lane order). */
  nodes: number[];
  from_ps: number;
  to_ps: number;
}

/** The Elan4 event chain of `message` (chain/deriveChain.ts), or null; recomputed when the trace grows. */
export function useEventChain(message: number | null): EventChain | null {
  const { trace } = useRun();
  const version = useTraceVersion();
  const topo = useTopologyIndex();
  return useMemo(() => {
    if (message === null || !topo) return null;
    const m = messageRecords(trace, topo, message);
    if (m.records.length === 0) return null;
    return { graph: deriveChain(m.records, topo), nodes: m.nodes, from_ps: m.from_ps, to_ps: m.to_ps };
    // version: the trace store (outside React) grew
  }, [trace, message, topo, version]);
}
