/**
 * One sentence for a listener (issue 40 item 5): what last happened at or before the time cursor, from the trace —
 * a packet leaving a NIC, crossing a switch or reaching a NIC, a NIC thread's step, a host's API step, a PCI
 * transaction — and the NIC input queue of the node concerned, e.g. "12.3 µs: node 0's NIC sends a QDMA packet of
 * message 3; node 0's input queue holds 0 of 128." Pure: the trace store, the topology index, the kind names.
 */
import type { TraceStore } from './traceStore';
import type { TopologyIndex } from './topologyIndex';
import { TraceKind } from '../sim/traceKindCodes';
import { valueName, type KindNames } from '../sim/traceKinds';
import { PACKET_STYLE } from '../theme/palette';

/** The latest record of `category` starting at or before `t_ps`, or −1. */
function latestStart(trace: TraceStore, category: 'packet' | 'nic_thread' | 'host_op' | 'pci', t_ps: number): number {
  const idx = trace.index[category];
  const i = idx.upperBound(t_ps, trace.t_start_ps) - 1;
  return i >= 0 ? idx.order[i] : -1;
}

const nodeName = (node: number | undefined) => (node === undefined ? 'a node' : `node ${node}`);

/** What record `r` (a packet, NIC step, host step or PCI transaction) did, and the node it concerns. */
function describeRecord(trace: TraceStore, topo: TopologyIndex, names: KindNames | null, r: number): { text: string; node: number | undefined } {
  const kind = trace.kind[r];
  const component = trace.component[r];
  const m = trace.message[r];
  const of = m ? ` of message ${m}` : '';
  const packet = PACKET_STYLE[kind];
  if (packet) {
    const link = topo.link.get(component);
    const from = link ? topo.nodeOf.get(link.from) : undefined;
    const to = link ? topo.nodeOf.get(link.to) : undefined;
    const what = `a ${packet.label} packet${of}`;
    if (from !== undefined && topo.kindOf.get(link!.from) === 'nic') return { text: `node ${from}'s NIC sends ${what}`, node: from };
    if (to !== undefined && topo.kindOf.get(link!.to) === 'nic') return { text: `${what} reaches node ${to}'s NIC`, node: to };
    return { text: `${what} crosses a switch`, node: undefined };
  }
  const node = topo.nodeOf.get(component);
  const step = valueName(names, kind, trace.value[r]);
  if (kind === TraceKind.nic_thread || kind === TraceKind.hca_step) return { text: `${nodeName(node)}'s NIC: ${step}${of}`, node };
  if (kind === TraceKind.pci_transaction) return { text: `${nodeName(node)}'s PCI bus: ${step}${of}`, node };
  return { text: `${nodeName(node)}'s host: ${step}`, node };
}

/**
 * The sentence for time `t_ps` (ps), or a quiet one when nothing has happened yet. `slots`: the input queue's slot
 * count (the registry's), when known.
 */
export function describeMoment(trace: TraceStore, topo: TopologyIndex, names: KindNames | null, t_ps: number, slots: number | null): string {
  const at = `${(t_ps / 1e6).toFixed(1)} µs`;
  let best = -1;
  for (const c of ['packet', 'nic_thread', 'host_op', 'pci'] as const) {
    const r = latestStart(trace, c, t_ps);
    if (r >= 0 && (best < 0 || trace.t_start_ps[r] > trace.t_start_ps[best])) best = r;
  }
  if (best < 0) return `${at}: nothing has happened yet.`;
  const { text, node } = describeRecord(trace, topo, names, best);
  const nic = node === undefined ? undefined : topo.nic.get(node);
  let queue = '';
  if (nic !== undefined && trace.hasLevelKind(TraceKind.input_queue)) {
    const r = trace.lastLevelAtOrBefore(TraceKind.input_queue, nic, t_ps);
    const held = r >= 0 ? trace.value[r] : 0;
    queue = `; node ${node}'s input queue holds ${held}${slots !== null ? ` of ${slots}` : ''}`;
  }
  return `${at}: ${text}${queue}.`;
}
