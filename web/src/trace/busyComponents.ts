/**
 * Components busy at time t: PCI buses with an active pci_transaction, NICs whose thread runs a step (nic_thread,
 * value ≠ 0) or an InfiniBand HCA busy with a step (hca_step), hosts in an API step (host_op), a Trove call or a PVFS2
 * thread's work (pvfs2_work; not a BMI test asleep in poll(), code 18 of protocols/pvfs2/cpu.h's Work).
 */
import type { TraceStore } from './traceStore';
import { TraceKind } from '../sim/traceKindCodes';
import { PVFS2_TEST_ASLEEP } from '../../../core-wasm/js/pvfs2Work';

export function busyComponents(trace: TraceStore, t_ps: number): Set<number> {
  const busy = new Set<number>();
  trace.forEachActive('pci', t_ps, (r) => busy.add(trace.component[r]));
  trace.forEachActive('nic_thread', t_ps, (r) => {
    if (trace.value[r] !== 0) busy.add(trace.component[r]);
  });
  trace.forEachActive('host_op', t_ps, (r) => {
    if (trace.kind[r] !== TraceKind.pvfs2_work || trace.value[r] !== PVFS2_TEST_ASLEEP) busy.add(trace.component[r]);
  });
  return busy;
}
