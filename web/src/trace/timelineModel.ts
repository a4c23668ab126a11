/**
 * Tracks of the Perfetto-like timeline for one node in a time window: host API steps (host_op on the host),
 * NIC thread steps (nic_thread on the NIC; an InfiniBand HCA's steps, hca_step, on a node that has them), PCI transactions (pci_transaction on the PCI bus) as spans, and the NIC's
 * QDMA input-queue level (input_queue) as a step line. The NIC track only when the run's NICs have a thread or
 * engine whose steps the trace keeps (Elan3/Elan4 threads, InfiniHost engines; an SCI adapter or a Tulip has none).
 * Reads the trace columns without copying them. Pure.
 */
import type { TraceStore } from './traceStore';
import { TraceKind } from '../sim/traceKindCodes';

export interface TimelineSpan {
  record: number;
  start_ps: number;
  end_ps: number;
  /** Kind-specific code (op / step / transaction type), named by the kinds JSON. */
  code: number;
}

export interface TimelineTrack {
  id: 'host' | 'nic_thread' | 'pci';
  kind: number;
  label: string;
  spans: TimelineSpan[];
  /** True when the window held more spans than MAX_SPANS_PER_TRACK (the rest are not drawn). */
  truncated: boolean;
}

export interface LevelStep {
  t_ps: number;
  level: number;
}

export interface TimelineModel {
  tracks: TimelineTrack[];
  /** Input-queue level steps: the level in force at the window start, then every change inside it. */
  inputQueue: LevelStep[];
  inputQueueMax: number;
}

export const MAX_SPANS_PER_TRACK = 3000;

export interface NodeComponents {
  host?: number;
  pci?: number;
  nic?: number;
}

/** The spans of `kind` on `component` in the window (the store's per-component index, TraceStore.forEachInWindowOf). */
function spans(trace: TraceStore, kind: number, component: number | undefined, from_ps: number, to_ps: number) {
  const out: TimelineSpan[] = [];
  let truncated = false;
  if (component === undefined) return { out, truncated };
  trace.forEachInWindowOf(kind, component, from_ps, to_ps, (r) => {
    if (out.length >= MAX_SPANS_PER_TRACK) truncated = true;
    else out.push({ record: r, start_ps: trace.t_start_ps[r], end_ps: trace.t_end_ps[r], code: trace.value[r] });
  });
  return { out, truncated };
}

export function timelineModel(trace: TraceStore, parts: NodeComponents, from_ps: number, to_ps: number): TimelineModel {
  const track = (id: TimelineTrack['id'], kind: number, component: number | undefined, label: string): TimelineTrack => {
    const { out, truncated } = spans(trace, kind, component, from_ps, to_ps);
    return { id, kind, label, spans: out, truncated };
  };
  const hca = spans(trace, TraceKind.hca_step, parts.nic, from_ps, to_ps);
  const inputQueue: LevelStep[] = [];
  let inputQueueMax = 0;
  if (parts.nic !== undefined) {
    const before = trace.lastLevelAtOrBefore(TraceKind.input_queue, parts.nic, from_ps);
    inputQueue.push({ t_ps: from_ps, level: before >= 0 ? trace.value[before] : 0 });
    trace.forEachInWindowOf(TraceKind.input_queue, parts.nic, from_ps, to_ps, (r) => {
      if (trace.t_start_ps[r] > from_ps) inputQueue.push({ t_ps: trace.t_start_ps[r], level: trace.value[r] });
    });
    inputQueueMax = trace.maxLevel(TraceKind.input_queue, parts.nic);
  }
  const nicSteps = trace.hasNicSteps();
  return {
    tracks: [
      track('host', TraceKind.host_op, parts.host, 'host CPU'),
      ...(!nicSteps ? []
        : hca.out.length > 0 ? [{ id: 'nic_thread' as const, kind: TraceKind.hca_step, label: 'HCA', spans: hca.out, truncated: hca.truncated }]
        : [track('nic_thread', TraceKind.nic_thread, parts.nic, 'NIC thread')]),
      track('pci', TraceKind.pci_transaction, parts.pci, 'PCI bus'),
    ],
    inputQueue,
    inputQueueMax,
  };
}
