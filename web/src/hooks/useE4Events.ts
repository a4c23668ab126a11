/**
 * The Elan4 events of `node`'s NICs (one per rail) at the time cursor (inspect/e4Events.ts), from the trace's
 * event records (e4_event, e4_event_count). Recomputed when the node, the time or the trace changes.
 */
import { useMemo } from 'react';
import { useTopology } from './useTopology';
import { useSimTime } from './useSimTime';
import { useTraceVersion } from './useTraceVersion';
import { useRun } from '../run/RunContext';
import { nicLabel } from '../../../core-wasm/js/coreCatalog';
import { headerOf } from '../trace/networkFacts';
import { e4EventsAt } from '../inspect/e4Events';
import type { QueueOwnerView, QueueRecord } from '../inspect/queueModel';
import { E4_EVENT_ACTION_KIND, E4_EVENT_COUNT_KIND } from '../trace/e4EventRecords';

export function useE4Events(node: number | null): QueueOwnerView[] | null {
  const { trace } = useRun();
  const topology = useTopology();
  const time_ps = useSimTime();
  const traceVersion = useTraceVersion();
  const nics = useMemo(() => {
    const m = new Map<number, string>();
    if (topology && node !== null)
      for (const c of topology.components) {
        const nic = headerOf(topology, c).nic;
        if (c.node === node && c.kind === 'nic' && nic === 'elan4') m.set(c.id, `${c.name} (${nicLabel(nic)})`);
      }
    return m;
  }, [topology, node]);
  return useMemo(() => {
    if (nics.size === 0) return null;
    const idx = trace.index.queue;
    const stop = idx.upperBound(time_ps, trace.t_start_ps);
    const records: QueueRecord[] = [];
    for (let i = 0; i < stop; i++) {
      const r = idx.order[i];
      const kind = trace.kind[r];
      if (kind !== E4_EVENT_COUNT_KIND && kind !== E4_EVENT_ACTION_KIND) continue;
      const component = trace.component[r];
      if (!nics.has(component)) continue;
      records.push({
        t_ps: trace.t_start_ps[r], kind, component, message: trace.message[r], bytes: trace.bytes[r],
        value: trace.value[r],
      });
    }
    return e4EventsAt(records, time_ps, { nicName: (c) => nics.get(c) ?? `NIC ${c}` });
    // traceVersion: the trace store (outside React) grew
  }, [trace, nics, time_ps, traceVersion]);
}
