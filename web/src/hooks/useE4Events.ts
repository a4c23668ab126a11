/**
 * The Elan4 events of `node`'s NICs (one per rail) at the time cursor (inspect/e4Events.ts), from the trace's
 * event records (e4_event, e4_event_count). Recomputed when the node, the time or the trace changes.
 */
import { useMemo } from 'react';
import { useTopology } from './useTopology';
import { useScenario } from './useScenario';
import { useSimTime } from './useSimTime';
import { useTraceVersion } from './useTraceVersion';
import { traceStore } from '../trace/traceStore';
import { e4EventsAt } from '../inspect/e4Events';
import type { QueueOwnerView, QueueRecord } from '../inspect/queueModel';
import { E4_EVENT_ACTION_KIND, E4_EVENT_COUNT_KIND } from '../trace/e4EventRecords';

export function useE4Events(node: number | null): QueueOwnerView[] | null {
  const topology = useTopology();
  const cluster = useScenario().cluster;
  const elan4 = cluster.nic === 'elan4' || cluster.fabric === 'qsnet2';
  const time_ps = useSimTime();
  const traceVersion = useTraceVersion();
  const nics = useMemo(() => {
    const m = new Map<number, string>();
    if (topology && elan4 && node !== null)
      for (const c of topology.components) if (c.node === node && c.kind === 'nic') m.set(c.id, `${c.name} (Elan4)`);
    return m;
  }, [topology, elan4, node]);
  return useMemo(() => {
    if (nics.size === 0) return null;
    const idx = traceStore.index.queue;
    const stop = idx.upperBound(time_ps, traceStore.t_start_ps);
    const records: QueueRecord[] = [];
    for (let i = 0; i < stop; i++) {
      const r = idx.order[i];
      const kind = traceStore.kind[r];
      if (kind !== E4_EVENT_COUNT_KIND && kind !== E4_EVENT_ACTION_KIND) continue;
      const component = traceStore.component[r];
      if (!nics.has(component)) continue;
      records.push({
        t_ps: traceStore.t_start_ps[r], kind, component, message: traceStore.message[r], bytes: traceStore.bytes[r],
        value: traceStore.value[r],
      });
    }
    return e4EventsAt(records, time_ps, { nicName: (c) => nics.get(c) ?? `NIC ${c}` });
    // traceVersion: the trace store (outside React) grew
  }, [nics, time_ps, traceVersion]);
}
