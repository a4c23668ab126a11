/**
 * The bottom ("wire") layer of the packet-layers view, computed from the trace alone (no core call): the
 * packet's kind, the directed link it crosses (from → to), its bytes, start and end time, its message id, and
 * how many packet records of each kind carry that message. Reads the trace columns (trace/traceStore.ts). Pure.
 */
import type { TraceStore } from '../trace/traceStore';
import type { HeaderLayer } from './messageLayers';
import { TraceKind } from '../sim/traceKindCodes';
import { formatUs } from '../charts/formatUs';

/** The packet kinds by code (sim/traceKindCodes.ts). */
const PACKET_NAMES: Record<number, string> = {
  [TraceKind.qdma_packet]: 'QDMA packet', [TraceKind.rdma_packet]: 'RDMA packet', [TraceKind.ack_packet]: 'ACK packet',
  [TraceKind.nak_packet]: 'NAK packet', [TraceKind.control_packet]: 'control packet',
};

export interface WireNames {
  /** Component id → name (`elan0`, `elite-L1-0.0`). */
  component: Map<number, string>;
  /** Directed link id → its from / to component ids. */
  link: Map<number, { from: number; to: number }>;
}

export interface MessageFacts {
  message: number;
  /** Trace record of the message (kind `message`), or −1 when it is not in the trace. */
  record: number;
  seriesIndex: number;
  bytes: number;
  start_ps: number;
  end_ps: number;
  /** Packet records of the message, by kind code. */
  packetsByKind: Map<number, number>;
}

const us = (ps: number) => `${formatUs(ps)} µs`;

/** The message's `message` record and packet counts (linear scan of the packet index; fine for one click). */
export function messageFacts(trace: TraceStore, message: number): MessageFacts {
  let record = -1;
  const msgIdx = trace.index.message;
  for (let i = 0; i < msgIdx.length; i++) {
    const r = msgIdx.order[i];
    if (trace.message[r] === message) {
      record = r;
      break;
    }
  }
  const packetsByKind = new Map<number, number>();
  const pktIdx = trace.index.packet;
  for (let i = 0; i < pktIdx.length; i++) {
    const r = pktIdx.order[i];
    if (trace.message[r] === message) packetsByKind.set(trace.kind[r], (packetsByKind.get(trace.kind[r]) ?? 0) + 1);
  }
  return {
    message,
    record,
    seriesIndex: record >= 0 ? trace.value[record] : -1,
    bytes: record >= 0 ? trace.bytes[record] : 0,
    start_ps: record >= 0 ? trace.t_start_ps[record] : 0,
    end_ps: record >= 0 ? trace.t_end_ps[record] : 0,
    packetsByKind,
  };
}

/**
 * The wire layer for packet record `packet` (a packet kind), or for the message's first packet when `packet` is
 * null; null when the message has no packet in the trace.
 */
export function wireLayer(
  trace: TraceStore,
  names: WireNames,
  message: number,
  packet: number | null,
  facts: MessageFacts,
): HeaderLayer | null {
  const r = packet ?? trace.firstPacketOfMessage.get(message) ?? null;
  if (r === null || r < 0 || r >= trace.length) return null;
  const link = names.link.get(trace.component[r]);
  const name = (id: number | undefined) => (id === undefined ? '?' : (names.component.get(id) ?? `#${id}`));
  const counts = [...facts.packetsByKind]
    .sort((a, b) => a[0] - b[0])
    .map(([k, n]) => `${n} × ${PACKET_NAMES[k] ?? `kind ${k}`}`)
    .join(', ');
  return {
    name: 'Wire: this packet in the trace',
    fields: [
      ['kind', `${PACKET_NAMES[trace.kind[r]] ?? 'packet'} (trace kind ${trace.kind[r]})`],
      ['link', `${name(link?.from)} → ${name(link?.to)} (link ${trace.component[r]})`],
      ['bytes', String(trace.bytes[r])],
      ['head enters', us(trace.t_start_ps[r])],
      ['tail leaves', us(trace.t_end_ps[r])],
      ['message', String(message)],
      ['packets of this message', counts || '—'],
    ],
  };
}
