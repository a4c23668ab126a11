import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useWindowedModel } from './useWindowedModel';
import type { NodeParts } from './useNodeParts';
import { useRun } from '../run/RunContext';
import { timelineModel, type TimelineModel } from '../trace/timelineModel';
import { TraceKind } from '../sim/traceKindCodes';

/**
 * Timeline tracks of one node in [from_ps, to_ps] (trace/timelineModel.ts), recomputed when the trace grows with
 * records that may lie in the window (useWindowedModel); the input queue's scale (its largest level over the whole
 * run) is read on every growth.
 */
export function useTimelineModel(parts: NodeParts | null, from_ps: number, to_ps: number): TimelineModel | null {
  const { trace } = useRun();
  const version = useTraceVersion();
  // hasNicSteps: whether the NIC track is shown at all (the trace's first NIC step may come after the window)
  const nicSteps = trace.hasNicSteps();
  const tracks = useWindowedModel(trace, version, to_ps, [parts, from_ps, nicSteps], () =>
    parts ? timelineModel(trace, parts, from_ps, to_ps) : null,
  );
  const max = parts?.nic === undefined ? 0 : trace.maxLevel(TraceKind.input_queue, parts.nic);
  return useMemo(
    () => (tracks && tracks.inputQueueMax !== max ? { ...tracks, inputQueueMax: max } : tracks),
    [tracks, max],
  );
}
