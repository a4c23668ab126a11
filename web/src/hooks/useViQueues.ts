/**
 * The VIs and completion queues of `node` at the time cursor (inspect/viQueues.ts), from the trace's VIA
 * records (vi_descriptor, vi_state) of every host component of the node (the SCI host for SS-VIA, the Fast Ethernet host
 * for M-VIA). Recomputed when the node, the time or the trace changes.
 */
import { useMemo } from 'react';
import { useTopology } from './useTopology';
import { useSimTime } from './useSimTime';
import { useTraceVersion } from './useTraceVersion';
import { useRun } from '../run/RunContext';
import { fabricLabel } from '../../../core-wasm/js/coreCatalog';
import { headerOf } from '../trace/networkFacts';
import { viQueuesAt } from '../inspect/viQueues';
import type { QueueOwnerView, QueueRecord } from '../inspect/queueModel';

export function useViQueues(node: number | null): QueueOwnerView[] | null {
  const { trace } = useRun();
  const topology = useTopology();
  const time_ps = useSimTime();
  const traceVersion = useTraceVersion();
  const hosts = useMemo(() => {
    const m = new Map<number, string>();
    if (topology && node !== null)
      for (const c of topology.components)
        if (c.node === node && c.kind === 'host')
          m.set(c.id, `${c.name}, ${fabricLabel(headerOf(topology, c).fabric)}`);
    return m;
  }, [topology, node]);
  return useMemo(() => {
    if (hosts.size === 0) return null;
    const idx = trace.index.queue;
    const stop = idx.upperBound(time_ps, trace.t_start_ps);
    const records: QueueRecord[] = [];
    for (let i = 0; i < stop; i++) {
      const r = idx.order[i];
      const component = trace.component[r];
      if (!hosts.has(component)) continue;
      records.push({
        t_ps: trace.t_start_ps[r], kind: trace.kind[r], component, message: trace.message[r],
        bytes: trace.bytes[r], value: trace.value[r],
      });
    }
    return viQueuesAt(records, time_ps, { hostName: (c) => hosts.get(c) ?? `component ${c}` });
    // traceVersion: the trace store (outside React) grew
  }, [trace, hosts, time_ps, traceVersion]);
}
