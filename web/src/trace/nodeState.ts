/**
 * State of one node at time t, derived from the trace: the records ≤ t of its host, PCI bus and NIC
 * components (binary search on start times; the level kinds input_queue, match_list and event_queue hold their last value).
 */
import type { TraceStore } from './traceStore';
import { TraceKind } from '../sim/traceKindCodes';
import { valueName, type KindNames } from '../sim/traceKinds';

export interface NodeState {
  inputQueueOccupied: number;
  /** Highest occupancy seen in the whole trace (a lower bound on the slot count when the registry has none). */
  inputQueuePeak: number;
  matchListLength: number;
  eventQueueFill: number;
  nicThread: { busy: boolean; op: string };
  pci: { busy: boolean; op: string };
  hostOp: { busy: boolean; op: string };
}

function level(trace: TraceStore, kind: number, ids: (number | undefined)[], t_ps: number): number {
  let best = -1;
  for (const id of ids) {
    if (id === undefined) continue;
    const r = trace.lastLevelAtOrBefore(kind, id, t_ps);
    if (r >= 0 && (best < 0 || trace.t_start_ps[r] >= trace.t_start_ps[best])) best = r;
  }
  return best >= 0 ? trace.value[best] : 0;
}

function active(
  trace: TraceStore,
  category: 'pci' | 'nic_thread' | 'host_op',
  kind: number,
  id: number | undefined,
  t_ps: number,
  names: KindNames | null,
): { busy: boolean; op: string } {
  let found = -1;
  if (id !== undefined) {
    trace.forEachActive(category, t_ps, (r) => {
      if (trace.component[r] === id && trace.kind[r] === kind && (found < 0 || r > found)) found = r;
    });
  }
  if (found < 0 || (kind === TraceKind.nic_thread && trace.value[found] === 0)) return { busy: false, op: 'idle' };
  return { busy: true, op: valueName(names, kind, trace.value[found]) };
}

/** The NIC thread's step, or an InfiniBand HCA's (hca_step) when the NIC is an HCA busy with one. */
function hcaOrThread(trace: TraceStore, nic: number | undefined, t_ps: number, names: KindNames | null) {
  const hca = active(trace, 'nic_thread', TraceKind.hca_step, nic, t_ps, names);
  return hca.busy ? hca : active(trace, 'nic_thread', TraceKind.nic_thread, nic, t_ps, names);
}

export function nodeStateAt(
  trace: TraceStore,
  parts: { host?: number; pci?: number; nic?: number },
  t_ps: number,
  names: KindNames | null,
): NodeState {
  const eqIds = [parts.host, parts.nic];
  return {
    inputQueueOccupied: level(trace, TraceKind.input_queue, [parts.nic], t_ps),
    inputQueuePeak: parts.nic !== undefined ? trace.maxLevel(TraceKind.input_queue, parts.nic) : 0,
    matchListLength: level(trace, TraceKind.match_list, [parts.nic], t_ps),
    eventQueueFill: level(trace, TraceKind.event_queue, eqIds, t_ps),
    nicThread: hcaOrThread(trace, parts.nic, t_ps, names),
    pci: active(trace, 'pci', TraceKind.pci_transaction, parts.pci, t_ps, names),
    hostOp: active(trace, 'host_op', TraceKind.host_op, parts.host, t_ps, names),
  };
}
