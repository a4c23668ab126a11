/**
 * Converts a run's trace columns into Chrome / Perfetto trace-event JSON
 * (https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU):
 * `{"traceEvents": [...], "displayTimeUnit": "ns"}`, `ts`/`dur` in µs (trace records are ps).
 * - pid = node (host, PCI bus and NIC of node n share pid n); fabric links between switches go to pid = node count
 *   ("fabric"); a link between a NIC and its leaf switch belongs to the NIC's node.
 * - tid = component kind: 1 host, 2 PCI, 3 NIC thread, 4 links (one per node; packets on the fabric are "X" on
 *   tid 100 + link id under the fabric pid), 5 messages.
 * - "X" complete events: one per packet record (a packet kind), PCI transaction, NIC thread step, host op
 *   (30), message (40); "C" counter events for level records (21 input queue, 22 match list, 23 event queue);
 *   "M" metadata events name processes and threads.
 * Pure; reads only the columns interface below.
 */
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { valueName, type KindNames } from '../sim/traceKinds';
import { indexTopology } from '../trace/topologyIndex';
import { TraceKind, isLevelKind, isPacketKind } from '../sim/traceKindCodes';
import { PACKET_STYLE } from '../theme/palette';
import type { TraceColumnsView } from '../../../core-wasm/js/bridgeTypes';

/** The columns the export reads (TraceColumnsView without the cause, which the trace-event format has no place for). */
export type TraceColumns = Omit<TraceColumnsView, 'cause'>;

export interface TraceEvent {
  name: string;
  ph: 'X' | 'C' | 'M';
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: Record<string, unknown>;
}

export interface PerfettoTrace {
  traceEvents: TraceEvent[];
  displayTimeUnit: 'ns';
}

export const TID = { host: 1, pci: 2, nic_thread: 3, links: 4, messages: 5, linkBase: 100 } as const;

const LEVEL_NAMES: Record<number, string> = {
  [TraceKind.input_queue]: 'input queue', [TraceKind.match_list]: 'match list', [TraceKind.event_queue]: 'event queue',
};

const us = (ps: number) => ps / 1e6;

export function toPerfettoTrace(trace: TraceColumns, topology: Topology, names: KindNames | null): PerfettoTrace {
  const topo = indexTopology(topology);
  const fabricPid = topology.nodes;
  const events: TraceEvent[] = [];
  const usedThreads = new Map<string, { pid: number; tid: number; name: string }>();
  const thread = (pid: number, tid: number, name: string) => {
    usedThreads.set(`${pid}:${tid}`, { pid, tid, name });
    return tid;
  };
  const linkName = (id: number) => {
    const l = topo.link.get(id);
    const n = (c: number) => topology.components.find((x) => x.id === c)?.name ?? String(c);
    return l ? `${n(l.from)}→${n(l.to)}` : `link ${id}`;
  };

  for (let r = 0; r < trace.length; r++) {
    const kind = trace.kind[r];
    const c = trace.component[r];
    const ts = us(trace.t_start_ps[r]);
    const dur = Math.max(0, us(trace.t_end_ps[r] - trace.t_start_ps[r]));
    const args = { message: trace.message[r], bytes: trace.bytes[r], value: trace.value[r] };
    if (isPacketKind(kind)) {
      const l = topo.link.get(c);
      const nodeEnd = l ? (topo.nodeOf.get(l.from) ?? topo.nodeOf.get(l.to)) : undefined;
      const pid = nodeEnd ?? fabricPid;
      const tid = nodeEnd !== undefined ? thread(pid, TID.links, 'links') : thread(pid, TID.linkBase + c, linkName(c));
      events.push({ name: PACKET_STYLE[kind]?.label ?? `kind ${kind}`, cat: 'packet', ph: 'X', ts, dur, pid, tid, args: { ...args, link: linkName(c) } });
    } else if (kind === TraceKind.pci_transaction || kind === TraceKind.nic_thread || kind === TraceKind.host_op || kind === TraceKind.message) {
      const pid = topo.nodeOf.get(c) ?? fabricPid;
      const [tid, tname, cat] =
        kind === TraceKind.pci_transaction ? [TID.pci, 'PCI bus', 'pci']
        : kind === TraceKind.nic_thread ? [TID.nic_thread, 'NIC thread', 'nic_thread']
        : kind === TraceKind.host_op ? [TID.host, 'host CPU', 'host_op'] : [TID.messages, 'messages (by receiver)', 'message'];
      const name = kind === TraceKind.message ? `message ${trace.message[r]}` : valueName(names, kind, trace.value[r]);
      events.push({ name, cat, ph: 'X', ts, dur, pid, tid: thread(pid, tid, tname), args });
    } else if (isLevelKind(kind)) {
      const pid = topo.nodeOf.get(c) ?? fabricPid;
      events.push({ name: LEVEL_NAMES[kind], cat: 'level', ph: 'C', ts, pid, tid: 0, args: { level: trace.value[r] } });
    }
  }

  const meta: TraceEvent[] = [];
  const pids = new Set([...usedThreads.values()].map((t) => t.pid));
  for (const e of events) pids.add(e.pid);
  for (const pid of pids) {
    meta.push({ name: 'process_name', ph: 'M', ts: 0, pid, tid: 0, args: { name: pid === fabricPid ? 'fabric (switch links)' : `node ${pid}` } });
  }
  for (const t of usedThreads.values()) meta.push({ name: 'thread_name', ph: 'M', ts: 0, pid: t.pid, tid: t.tid, args: { name: t.name } });
  return { traceEvents: [...meta, ...events], displayTimeUnit: 'ns' };
}
