import { useMemo } from 'react';
import { useTopology } from './useTopology';
import { indexTopology, type TopologyIndex } from '../trace/topologyIndex';

/** Lookups over the run's topology (trace/topologyIndex.ts), or null before the topology arrives. */
export function useTopologyIndex(): TopologyIndex | null {
  const topology = useTopology();
  return useMemo(() => (topology ? indexTopology(topology) : null), [topology]);
}
