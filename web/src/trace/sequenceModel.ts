/**
 * Data of the sequence chart (time–space diagram, OMNeT++'s sequence chart) in a time window:
 * - one `SequenceMessage` per protocol message (trace kind `message`) overlapping the window: receiver = node of the
 *   record's host component, sender = node whose NIC injected the message's earliest packet (a packet kind), else
 *   the message catalog's `src` from `sources` (NAS MPI messages: their SCI packets carry no message id), else null;
 * - one `PacketFlow` per (message, packet kind, sending node): the packets of that kind crossing the fabric,
 *   from the first injection (link leaving a NIC) to the last ejection (link ending at a NIC), e.g. a rendezvous
 *   header, the RDMA data, the ACKs; on an SCI ringlet the adapters that pass the packets on between source and
 *   target are neither (the flow goes from the source to the target, not hop by hop).
 * Reads the trace columns (trace/traceStore.ts) without copying them. Pure.
 *
 * The flows cost a scan of the window's packet records (up to MAX_PACKET_RECORDS), which is most of the model's time
 * in a large job's dense window; a caller that draws no flows above some number of messages passes it as
 * `flowsUpTo`, and a window with more messages than that has `flows` empty without the scan.
 */
import type { TraceStore } from './traceStore';
import { ejectingNode, injectingNode, type TopologyIndex } from './topologyIndex';

export interface SequenceMessage {
  record: number;
  message: number;
  from: number | null;
  to: number;
  start_ps: number;
  end_ps: number;
  bytes: number;
  seriesIndex: number;
}

export interface PacketFlow {
  message: number;
  kind: number;
  from: number;
  to: number;
  start_ps: number;
  end_ps: number;
  packets: number;
  /** The side network the packets cross (the injecting NIC's `network` tag), absent on the main fabric. */
  network?: string;
}

export interface SequenceModel {
  messages: SequenceMessage[];
  flows: PacketFlow[];
  /** Nodes with a message or flow in the window, ascending. */
  nodes: number[];
}

/** At most this many packet records are scanned per window (keeps the chart cheap for 1 MiB transfers). */
const MAX_PACKET_RECORDS = 20_000;

export interface SequenceModelOptions {
  /** Senders (node) of messages whose packets carry no message id, by message id (the message catalog's `src`). */
  sources?: ReadonlyMap<number, number>;
  /** Packet flows only when the window holds at most this many messages (default: always). */
  flowsUpTo?: number;
}

export function sequenceModel(
  trace: TraceStore, topo: TopologyIndex, from_ps: number, to_ps: number, options: SequenceModelOptions = {},
): SequenceModel {
  const { sources, flowsUpTo = Infinity } = options;
  const messages: SequenceMessage[] = [];
  const nodes = new Set<number>();
  trace.forEachInWindow('message', from_ps, to_ps, (r) => {
    const to = topo.nodeOf.get(trace.component[r]);
    if (to === undefined) return;
    const first = trace.firstPacketOfMessage.get(trace.message[r]);
    const from = first === undefined ? (sources?.get(trace.message[r]) ?? null) : injectingNode(topo, trace.component[first]);
    messages.push({
      record: r, message: trace.message[r], from, to,
      start_ps: trace.t_start_ps[r], end_ps: trace.t_end_ps[r], bytes: trace.bytes[r], seriesIndex: trace.value[r],
    });
    nodes.add(to);
    if (from !== null) nodes.add(from);
  });
  const ascending = () => [...nodes].sort((a, b) => a - b);
  if (messages.length > flowsUpTo) return { messages, flows: [], nodes: ascending() };

  // Packet records by (message, kind). On a ringlet (links from adapter to adapter) a packet passes every adapter
  // between its source and its target, each hop a record: an adapter that both takes in and sends on the same
  // message's packets of one kind is forwarding them, and is neither where they enter nor where they leave.
  const hops: { key: string; r: number; src: number | null; dst: number | null; ring: boolean; network?: string }[] = [];
  const forwarded = new Map<string, { in: Set<number>; out: Set<number> }>();
  let scanned = 0;
  trace.forEachInWindow('packet', from_ps, to_ps, (r) => {
    if (++scanned > MAX_PACKET_RECORDS || trace.message[r] === 0) return;
    const key = `${trace.message[r]}:${trace.kind[r]}`;
    const link = topo.link.get(trace.component[r]);
    const ring = link !== undefined && topo.kindOf.get(link.from) === 'nic' && topo.kindOf.get(link.to) === 'nic';
    const network = link === undefined ? undefined : topo.networkOf.get(link.from);
    const hop = { key, r, src: injectingNode(topo, trace.component[r]), dst: ejectingNode(topo, trace.component[r]), ring, network };
    hops.push(hop);
    if (ring) {
      let f = forwarded.get(key);
      if (!f) forwarded.set(key, (f = { in: new Set(), out: new Set() }));
      if (hop.src !== null) f.out.add(hop.src);
      if (hop.dst !== null) f.in.add(hop.dst);
    }
  });
  const passesOn = (key: string, node: number) => {
    const f = forwarded.get(key);
    return f !== undefined && f.in.has(node) && f.out.has(node);
  };

  const flows = new Map<string, PacketFlow>();
  const ejections = new Map<string, Map<number, number>>(); // message:kind → node → latest end
  for (const { key, r, src, dst, ring, network } of hops) {
    if (src !== null && !(ring && passesOn(key, src))) {
      const k = `${key}:${src}`;
      const flow = flows.get(k);
      if (flow) {
        flow.packets++;
        flow.start_ps = Math.min(flow.start_ps, trace.t_start_ps[r]);
      } else {
        flows.set(k, {
          message: trace.message[r], kind: trace.kind[r], from: src, to: -1,
          start_ps: trace.t_start_ps[r], end_ps: trace.t_end_ps[r], packets: 1, ...(network ? { network } : {}),
        });
      }
    }
    if (dst !== null && !(ring && passesOn(key, dst))) {
      let perNode = ejections.get(key);
      if (!perNode) ejections.set(key, (perNode = new Map()));
      perNode.set(dst, Math.max(perNode.get(dst) ?? 0, trace.t_end_ps[r]));
    }
  }
  const out: PacketFlow[] = [];
  for (const flow of flows.values()) {
    const perNode = ejections.get(`${flow.message}:${flow.kind}`);
    if (!perNode) continue; // the packets leave the fabric after the window
    for (const [node, end] of perNode) {
      if (node === flow.from) continue;
      flow.to = node;
      flow.end_ps = end;
      break;
    }
    if (flow.to < 0) continue;
    out.push(flow);
    nodes.add(flow.from);
    nodes.add(flow.to);
  }
  out.sort((a, b) => a.start_ps - b.start_ps);
  return { messages, flows: out, nodes: ascending() };
}

/** Start (ps) of the first `message` record starting after `t_ps`, or null (the chart's "next message"). */
export function nextMessageStart(trace: TraceStore, t_ps: number): number | null {
  const idx = trace.index.message;
  const pos = idx.upperBound(t_ps, trace.t_start_ps);
  return pos < idx.length ? trace.t_start_ps[idx.order[pos]] : null;
}
