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

/**
 * Whether the current run's NICs have a thread or engine whose steps the trace keeps (nic_thread: Elan3/Elan4
 * threads; hca_step: InfiniHost engines); a PCI-SCI adapter and a Tulip have none. The inspector's NIC row and the
 * timeline's NIC lane appear only then.
 */
export function useTraceHasNicSteps(): boolean {
  const { trace } = useRun();
  const version = useTraceVersion();
  // version: the trace store (outside React) grew
  return useMemo(() => trace.hasNicSteps(), [trace, version]);
}
