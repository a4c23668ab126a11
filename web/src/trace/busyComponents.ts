/**
 * Components busy at time t: PCI buses with an active pci_transaction, NICs whose thread runs a step (nic_thread,
 * value ≠ 0) or an InfiniBand HCA busy with a step (hca_step), hosts in an API step (host_op).
 */
import type { TraceStore } from './traceStore';

export function busyComponents(trace: TraceStore, t_ps: number): Set<number> {
  const busy = new Set<number>();
  trace.forEachActive('pci', t_ps, (r) => busy.add(trace.component[r]));
  trace.forEachActive('nic_thread', t_ps, (r) => {
    if (trace.value[r] !== 0) busy.add(trace.component[r]);
  });
  trace.forEachActive('host_op', t_ps, (r) => busy.add(trace.component[r]));
  return busy;
}
