/**
 * Trace-kind codes by name, from the core's one table of trace kinds (core-wasm/src/kernel/trace_kinds.h, exported
 * as hs_trace_kinds_json and the catalog's `trace_kinds`, here through core-wasm/js/coreCatalog.generated.ts). Web code names a
 * kind (`TraceKind.rdma_packet`), never its number; the numbers are those of every stored trace and share link.
 * Pure.
 */
import { CORE_CATALOG } from '../../../core-wasm/js/coreCatalog.generated';

type Kind = (typeof CORE_CATALOG.trace_kinds)[number];
/** A trace kind's name, e.g. "rdma_packet". */
export type TraceKindName = Kind['name'];

/** Code of each trace kind by name: `TraceKind.message` is the code of kind "message" in the core's table. */
export const TraceKind = Object.freeze(Object.fromEntries(CORE_CATALOG.trace_kinds.map((k) => [k.name, k.kind]))) as {
  readonly [K in Kind as K['name']]: K['kind'];
};

/** A set of kinds as a flag per code, for tests in the painters' inner loops. */
function kindSet(names: readonly TraceKindName[]): (kind: number) => boolean {
  const flags = new Uint8Array(Math.max(...CORE_CATALOG.trace_kinds.map((k) => k.kind)) + 1);
  for (const n of names) flags[TraceKind[n]] = 1;
  return (kind) => flags[kind] === 1;
}

/** Packets crossing a directed link, from head entering (t_start) to tail leaving (t_end). */
export const PACKET_KIND_NAMES = ['qdma_packet', 'rdma_packet', 'ack_packet', 'nak_packet', 'control_packet'] as const satisfies readonly TraceKindName[];
export const isPacketKind = kindSet(PACKET_KIND_NAMES);

/**
 * Level changes: `value` holds the new level (occupied input-queue slots, match entries, unconsumed events; a PVFS2
 * server's flow buffers held, a PVFS2 client's requests outstanding).
 */
export const LEVEL_KIND_NAMES = ['input_queue', 'match_list', 'event_queue', 'flow_buffers', 'client_requests'] as const satisfies readonly TraceKindName[];
export const isLevelKind = kindSet(LEVEL_KIND_NAMES);

/** Per-queue records the inspectors replay: VIA descriptors and VI states, Elan4 event actions and counts. */
export const QUEUE_KIND_NAMES = ['vi_descriptor', 'vi_state', 'e4_event', 'e4_event_count'] as const satisfies readonly TraceKindName[];
export const isQueueKind = kindSet(QUEUE_KIND_NAMES);
