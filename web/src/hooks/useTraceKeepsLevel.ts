import { useMemo } from 'react';
import { useRun } from '../run/RunContext';
import { useTraceVersion } from './useTraceVersion';

/**
 * Whether the current run's models keep a level of trace `kind` at all (a record of it anywhere in the trace):
 * an SCI or Ethernet NIC has no QDMA input queue (input_queue) and no Portals match list (match_list). The
 * inspector's queue rows and the timeline's input-queue lane appear only then.
 */
export function useTraceKeepsLevel(kind: number): boolean {
  const { trace } = useRun();
  const version = useTraceVersion();
  // version: the trace store (outside React) grew
  return useMemo(() => trace.hasLevelKind(kind), [trace, kind, version]);
}
