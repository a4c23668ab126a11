import { useTopology } from './useTopology';
import { memoPerObject } from './memoPerObject';
import { indexTopology, type TopologyIndex } from '../trace/topologyIndex';

/** One index per topology, kept across renders React restarts (memoPerObject) and shared by the views. */
const indexOf = memoPerObject(indexTopology);

/** Lookups over the run's topology (trace/topologyIndex.ts), or null before the topology arrives. */
export function useTopologyIndex(): TopologyIndex | null {
  const topology = useTopology();
  return topology ? indexOf(topology) : null;
}
