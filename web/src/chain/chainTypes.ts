/**
 * Shapes of an Elan4 event chain (web/src/chain/deriveChain.ts): the DMA descriptors, events and host work
 * one protocol message sets off, as a directed graph in firing order.
 */

/** One trace record (columns of core-wasm/src/wasm/README.md), copied out of the trace store. */
export interface ChainRecord {
  /** Row in the trace store (kept for tests and tooltips; not used by the derivation). */
  row: number;
  t_start_ps: number;
  t_end_ps: number;
  kind: number;
  component: number;
  message: number;
  bytes: number;
  value: number;
}

/**
 * Node types:
 * - `doorbell`: the host's PIO writes into an Elan4 command queue (a DMA descriptor or a set-event);
 * - `dma`: one DMA (QDMA, RDMA, or a local DMA) with its PCI reads/writes and its packets;
 * - `count` / `copy` / `write` / `interrupt`: an Elan4 event's count reached and its actions
 *   (copy = a prebuilt descriptor copied into a command queue = chained DMA; write = done word in host memory);
 * - `wake`: a host thread woken (interrupt → thread, or thread → thread).
 */
export type ChainNodeType = 'doorbell' | 'pio-read' | 'dma' | 'count' | 'copy' | 'write' | 'interrupt' | 'wake';

/** Sub-type of a `dma` node, from its packets (qdma_packet, rdma_packet, control_packet) or none (a local DMA). */
export type DmaKind = 'qdma' | 'rdma' | 'control' | 'local';

export interface ChainNode {
  /** 0-based position in firing order (= index in `ChainGraph.nodes`). */
  id: number;
  type: ChainNodeType;
  dmaKind?: DmaKind;
  /** True for a DMA started by an event's copy action (no host involved). */
  chained?: boolean;
  /** Short name from the field, e.g. "RDMA", "Chained QDMA (FIN)", "Done word write". */
  label: string;
  /** One-line explanation for tooltips and screen readers. */
  detail: string;
  /** True when the host CPU takes part (doorbell, done word the host reads, interrupt, wake). */
  needsHost: boolean;
  /** Node (cluster index) where it fires; a DMA's source node. */
  node: number;
  /** Destination node of a DMA with packets. */
  dstNode?: number;
  /** Firing time (the node lights up when the time cursor reaches it) and end, ps. */
  t_ps: number;
  end_ps: number;
  /** Trace records folded into this node. */
  records: number;
  packets: number;
  bytes: number;
}

export interface ChainEdge {
  from: number;
  to: number;
  /** What links them: a trigger (doorbell/copy → DMA), completion (DMA → event), action (event → action), host. */
  kind: 'trigger' | 'completion' | 'action' | 'wake' | 'host';
}

export interface ChainGraph {
  nodes: ChainNode[];
  /** Sorted by the target's firing order, then the source's. */
  edges: ChainEdge[];
}

/** What the derivation needs to know about components (a subset of trace/topologyIndex.ts). */
export interface ChainTopology {
  /** Node of a host, PCI bus or NIC component id. */
  nodeOf: Map<number, number>;
  /** Kind of a component id: host, pci, nic, switch. */
  kindOf: Map<number, string>;
  /** Directed link id → its ends. */
  link: Map<number, { from: number; to: number }>;
}
