import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import type { NodeParts } from './useNodeParts';
import { useRun } from '../run/RunContext';
import { timelineModel, type TimelineModel } from '../trace/timelineModel';

/** Timeline tracks of one node in [from_ps, to_ps] (trace/timelineModel.ts), recomputed when the trace grows. */
export function useTimelineModel(parts: NodeParts | null, from_ps: number, to_ps: number): TimelineModel | null {
  const { trace } = useRun();
  const version = useTraceVersion();
  return useMemo(
    () => (parts ? timelineModel(trace, parts, from_ps, to_ps) : null),
    // version: the trace store (outside React) grew
    [trace, parts, from_ps, to_ps, version],
  );
}
