import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useTopologyIndex } from './useTopologyIndex';
import { traceStore } from '../trace/traceStore';
import { sequenceModel, type SequenceModel } from '../trace/sequenceModel';

/** Messages and packet flows in [from_ps, to_ps] (trace/sequenceModel.ts), recomputed when the trace grows. */
export function useSequenceModel(from_ps: number, to_ps: number): SequenceModel | null {
  const version = useTraceVersion();
  const topo = useTopologyIndex();
  return useMemo(
    () => (topo ? sequenceModel(traceStore, topo, from_ps, to_ps) : null),
    // version: the trace store (outside React) grew
    [topo, from_ps, to_ps, version],
  );
}
