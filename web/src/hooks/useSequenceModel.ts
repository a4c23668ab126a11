import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useTopologyIndex } from './useTopologyIndex';
import { useWindowedModel } from './useWindowedModel';
import { useMessageSources } from './useMessageSources';
import { useRun } from '../run/RunContext';
import { sequenceModel, type SequenceModel } from '../trace/sequenceModel';

/**
 * Messages and packet flows in [from_ps, to_ps] (trace/sequenceModel.ts), recomputed when the trace grows or
 * the senders of messages without packets (NAS MPI messages) arrive from the message catalog; growth after the
 * window keeps the model (useWindowedModel). Flows only when the
 * window holds at most `flowsUpTo` messages (the chart draws none above that; the scan is the model's cost).
 */
export function useSequenceModel(from_ps: number, to_ps: number, flowsUpTo: number): SequenceModel | null {
  const { trace } = useRun();
  const version = useTraceVersion();
  const topo = useTopologyIndex();
  // A message's sender is its first packet's NIC; one whose first packet may start after the window (sender not
  // known yet) keeps the model from being reused.
  const first = useWindowedModel(
    trace, version, to_ps, [topo, from_ps, flowsUpTo],
    () => (topo ? sequenceModel(trace, topo, from_ps, to_ps, { flowsUpTo }) : null),
    (m) => m === null || m.messages.every((x) => x.from !== null),
  );
  const unknown = useMemo(() => first?.messages.filter((m) => m.from === null).map((m) => m.message) ?? [], [first]);
  const { sources, version: sourcesVersion } = useMessageSources(unknown);
  return useMemo(
    () => (topo && first && unknown.length > 0 && sources.size > 0 ? sequenceModel(trace, topo, from_ps, to_ps, { sources, flowsUpTo }) : first),
    [trace, first, unknown, sources, sourcesVersion, topo, from_ps, to_ps, flowsUpTo],
  );
}
