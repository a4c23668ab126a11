/**
 * Derives a message's Elan4 event chain (chain/chainTypes.ts) from its trace records, in time order. Pure.
 *
 * - PIO writes (pci_transaction, value 3) on a node's PCI bus, closer than `PIO_MERGE_PS`, form one doorbell node.
 * - A DMA node gathers the NIC's PCI DMA reads on its source node (back-to-back reads continue it), the packets
 *   it injects (qdma_packet, rdma_packet, control_packet, with their hops across switches) and the PCI DMA writes that
 *   land them at the destination; hardware ACKs (ack_packet) join the DMA they acknowledge. Its trigger is the
 *   latest unused doorbell or copy on its source node: a DMA started by a copy is a chained DMA.
 * - Each e4_event record is a node; an event's count reached is caused by the DMA whose last activity
 *   at that node (landing, ACK, read) is latest; its actions (copy, write, interrupt) follow the count. The 8-byte
 *   PCI DMA write of a done word folds into its write node.
 * - A host_wake follows the latest interrupt on that node; a doorbell follows the latest host-side
 *   node (done word, wake) on its node.
 * - Naming: a chained QDMA that crosses the network after an RDMA is FIN when it leaves the RDMA's source
 *   (RDMA write) and FIN_ACK otherwise (RDMA read); a chained local DMA writes into the completion queue.
 */
import type { ChainEdge, ChainGraph, ChainNode, ChainRecord, ChainTopology, DmaKind } from './chainTypes';
import { TraceKind, isPacketKind } from '../sim/traceKindCodes';

const PIO_MERGE_PS = 300_000; // 0.3 µs
const DMA_CONTINUE_PS = 200_000; // a read starting within 0.2 µs of the DMA's last activity continues it

const PACKET_DMA: Record<number, DmaKind> = { [TraceKind.qdma_packet]: 'qdma', [TraceKind.rdma_packet]: 'rdma', [TraceKind.control_packet]: 'control' };
const DMA_LABEL: Record<DmaKind, string> = { qdma: 'QDMA', rdma: 'RDMA', control: 'Control (RDMA request)', local: 'Local DMA' };

interface DmaState {
  node: ChainNode;
  /** Latest activity end per cluster node (for completion edges). */
  activity: Map<number, number>;
  lastRead_ps: number;
}

export function deriveChain(records: readonly ChainRecord[], topo: ChainTopology): ChainGraph {
  const sorted = [...records].sort((a, b) => a.t_start_ps - b.t_start_ps || a.row - b.row);
  const nodes: ChainNode[] = [];
  const edges: ChainEdge[] = [];
  const dmas: DmaState[] = [];
  const unusedTriggers: ChainNode[] = [];
  const usedRequests = new Set<DmaState>();
  const lastCount = new Map<number, ChainNode>(); // node → latest count reached
  const lastInterrupt = new Map<number, ChainNode>();
  const lastHostSide = new Map<number, ChainNode>();
  const lastWrite = new Map<number, ChainNode>();
  let sawRdmaFrom: number | null = null;

  const add = (n: Omit<ChainNode, 'id' | 'records' | 'packets' | 'bytes'> & Partial<ChainNode>): ChainNode => {
    const node: ChainNode = { records: 1, packets: 0, bytes: 0, ...n, id: nodes.length } as ChainNode;
    nodes.push(node);
    return node;
  };
  const edge = (from: ChainNode | undefined, to: ChainNode, kind: ChainEdge['kind']) => {
    if (from && from !== to) edges.push({ from: from.id, to: to.id, kind });
  };
  const grow = (n: ChainNode, r: ChainRecord) => {
    n.records++;
    n.end_ps = Math.max(n.end_ps, r.t_end_ps);
  };
  const touch = (d: DmaState, at: number, r: ChainRecord) => {
    d.activity.set(at, Math.max(d.activity.get(at) ?? 0, r.t_end_ps));
    grow(d.node, r);
  };
  const newDma = (src: number, r: ChainRecord): DmaState => {
    // A request that landed here (an RDMA read's control packet) starts the DMA unless a later doorbell/copy did.
    const request = [...dmas].reverse().find((x) => x.node.dmaKind === 'control' && x.node.dstNode === src);
    const requestAt = request?.activity.get(src) ?? -Infinity;
    const local = peekTrigger(unusedTriggers, src, r.t_start_ps);
    const useRequest = request !== undefined && !usedRequests.has(request) && requestAt <= r.t_start_ps && (!local || requestAt > local.t_ps);
    const trigger = useRequest ? request.node : local;
    if (useRequest) usedRequests.add(request);
    if (!useRequest && local) unusedTriggers.splice(unusedTriggers.indexOf(local), 1);
    const chained = trigger?.type === 'copy';
    const node = add({
      type: 'dma', dmaKind: 'local', chained, label: DMA_LABEL.local, detail: '', needsHost: false,
      node: src, t_ps: r.t_start_ps, end_ps: r.t_end_ps,
    });
    node.records = 0;
    edge(trigger, node, 'trigger');
    const d: DmaState = { node, activity: new Map(), lastRead_ps: -Infinity };
    dmas.push(d);
    return d;
  };
  /** The latest DMA sourced at `src` still running at `t`, or null. */
  const openDma = (src: number, t: number): DmaState | null => {
    for (let i = dmas.length - 1; i >= 0; i--) {
      const d = dmas[i];
      if (d.node.node !== src) continue;
      return t - Math.max(d.lastRead_ps, d.activity.get(src) ?? -Infinity) <= DMA_CONTINUE_PS ? d : null;
    }
    return null;
  };

  for (const r of sorted) {
    const compKind = topo.kindOf.get(r.component);
    if (r.kind === TraceKind.pci_transaction) {
      const at = topo.nodeOf.get(r.component);
      if (at === undefined) continue;
      if (r.value === 3 || r.value === 2) {
        const type = r.value === 3 ? 'doorbell' : 'pio-read';
        const prev = nodes[nodes.length - 1];
        const same = [...nodes].reverse().find((n) => n.type === type && n.node === at);
        if (same && r.t_start_ps - same.end_ps <= PIO_MERGE_PS && (prev === same || prev.node !== at || prev.type === type)) {
          grow(same, r);
          same.bytes += r.bytes;
          continue;
        }
        const n = add({
          type, needsHost: true, node: at, t_ps: r.t_start_ps, end_ps: r.t_end_ps, bytes: r.bytes,
          label: type === 'doorbell' ? 'Doorbell (PIO write)' : 'PIO read',
          detail: type === 'doorbell' ? `host ${at} writes a command into the Elan4 command queue over PCI` : `host ${at} reads NIC memory over PCI`,
        });
        // The host rings after it saw a done word or was woken (its reaction to the chain so far).
        edge(lastHostSide.get(at), n, 'host');
        lastHostSide.delete(at);
        if (type === 'doorbell') unusedTriggers.push(n);
      } else if (r.value === 0) {
        const d = openDma(at, r.t_start_ps) ?? newDma(at, r);
        d.lastRead_ps = r.t_end_ps;
        d.node.bytes += d.node.packets === 0 ? r.bytes : 0;
        touch(d, at, r);
      } else {
        const write = lastWrite.get(at);
        if (write && r.t_start_ps === write.t_ps && r.bytes <= 8) {
          grow(write, r);
          continue;
        }
        const d = [...dmas].reverse().find((x) => (x.node.dstNode ?? x.node.node) === at && x.node.dmaKind !== 'control');
        if (d) touch(d, at, r);
      }
    } else if (isPacketKind(r.kind)) {
      const l = topo.link.get(r.component);
      if (!l) continue;
      const src = topo.kindOf.get(l.from) === 'nic' ? topo.nodeOf.get(l.from) : undefined;
      const dst = topo.kindOf.get(l.to) === 'nic' ? topo.nodeOf.get(l.to) : undefined;
      const dmaKind = PACKET_DMA[r.kind];
      let d: DmaState | undefined;
      if (r.kind === TraceKind.ack_packet || r.kind === TraceKind.nak_packet) {
        // A hardware ACK joins the latest DMA that carries packets towards its sender (or its receiver).
        d = [...dmas].reverse().find((x) => x.node.packets > 0 && (src !== undefined ? x.node.dstNode === src : true));
      } else if (src !== undefined) {
        d = openDma(src, r.t_start_ps) ?? undefined;
        if (!d || (d.node.dmaKind !== 'local' && d.node.dmaKind !== dmaKind)) d = newDma(src, r);
        if (d.node.packets === 0) {
          d.node.dmaKind = dmaKind;
          d.node.bytes = 0;
        }
        d.node.packets++;
        d.node.bytes += r.bytes;
        if (dmaKind === 'rdma') sawRdmaFrom = src;
      } else {
        d = [...dmas].reverse().find((x) => x.node.dmaKind === dmaKind && x.node.packets > 0);
      }
      if (!d) continue;
      if (dst !== undefined && r.kind !== TraceKind.ack_packet && r.kind !== TraceKind.nak_packet) d.node.dstNode = dst;
      touch(d, src ?? dst ?? d.node.node, r);
      if (dst !== undefined) d.activity.set(dst, Math.max(d.activity.get(dst) ?? 0, r.t_end_ps));
    } else if (r.kind === TraceKind.e4_event && compKind === 'nic') {
      const at = topo.nodeOf.get(r.component)!;
      const n = add(eventNode(r, at));
      if (r.value === 1) {
        let cause: DmaState | undefined;
        let best = -Infinity;
        for (const d of dmas) {
          const a = d.activity.get(at);
          if (a !== undefined && a <= r.t_start_ps + 1 && a > best) {
            best = a;
            cause = d;
          }
        }
        edge(cause?.node, n, 'completion');
        lastCount.set(at, n);
      } else {
        edge(lastCount.get(at), n, 'action');
        if (r.value === 2) unusedTriggers.push(n);
        if (r.value === 3) {
          lastWrite.set(at, n);
          lastHostSide.set(at, n);
        }
        if (r.value === 4) lastInterrupt.set(at, n);
      }
    } else if (r.kind === TraceKind.host_wake && compKind === 'host') {
      const at = topo.nodeOf.get(r.component)!;
      const how = r.value === 1 ? 'by an interrupt' : r.value === 2 ? 'by another thread' : 'spuriously';
      const n = add({
        type: 'wake', needsHost: true, node: at, t_ps: r.t_start_ps, end_ps: r.t_end_ps,
        label: 'Host thread woken', detail: `a thread of host ${at} is woken ${how} and runs in user space`,
      });
      edge(r.value === 1 ? lastInterrupt.get(at) : lastHostSide.get(at), n, 'wake');
      lastHostSide.set(at, n);
    }
  }
  nameDmas(nodes, sawRdmaFrom);
  edges.sort((a, b) => a.to - b.to || a.from - b.from);
  return { nodes, edges };
}

/** The latest unused doorbell or copy on `node` at or before `t`. */
function peekTrigger(triggers: ChainNode[], node: number, t: number): ChainNode | undefined {
  for (let i = triggers.length - 1; i >= 0; i--) {
    const n = triggers[i];
    if (n.node === node && n.t_ps <= t) return n;
  }
  return undefined;
}

function eventNode(r: ChainRecord, at: number): Omit<ChainNode, 'id' | 'records' | 'packets' | 'bytes'> {
  const base = { node: at, t_ps: r.t_start_ps, end_ps: r.t_end_ps };
  switch (r.value) {
    case 1:
      return { ...base, type: 'count', needsHost: false, label: 'Event: count reached', detail: `the Elan4 of node ${at} counts the event down to zero and runs its actions` };
    case 2:
      return { ...base, type: 'copy', needsHost: false, label: 'Event copy → chained DMA', detail: `the event copies a prebuilt DMA descriptor into a command queue of node ${at}: a chained DMA, no host` };
    case 3:
      return { ...base, type: 'write', needsHost: true, label: 'Done word write', detail: `the event writes a done word into host ${at} memory; the host must read it to see the completion` };
    default:
      return { ...base, type: 'interrupt', needsHost: true, label: 'Interrupt', detail: `the event raises an interrupt on host ${at}` };
  }
}

/** Gives each DMA node its name from the field (rendezvous QDMA, RDMA, FIN, FIN_ACK, completion queue). */
function nameDmas(nodes: ChainNode[], rdmaFrom: number | null): void {
  let seenRdma = false;
  for (const n of nodes) {
    if (n.type !== 'dma') continue;
    const kind = n.dmaKind ?? 'local';
    let label = DMA_LABEL[kind];
    let detail = '';
    if (kind === 'rdma') {
      seenRdma = true;
      detail = `main DMA: node ${n.node} → node ${n.dstNode}, ${n.packets} packets`;
    } else if (kind === 'qdma' && n.chained && seenRdma) {
      const fin = rdmaFrom === n.node ? 'FIN' : 'FIN_ACK';
      label = `Chained QDMA (${fin})`;
      detail = `${fin} control message chained to the RDMA: node ${n.node} → node ${n.dstNode}`;
    } else if (kind === 'qdma') {
      label = n.chained ? 'Chained QDMA' : rdmaFrom !== null && !seenRdma ? 'QDMA (rendezvous)' : 'QDMA';
      detail = `queued DMA into the receive queue of node ${n.dstNode}`;
    } else if (kind === 'local') {
      label = n.chained ? 'Chained DMA → completion queue' : 'Local DMA';
      detail = `node ${n.node}'s Elan4 writes a completion into a completion queue in host memory`;
    } else {
      detail = `RDMA read request: node ${n.node} → node ${n.dstNode}`;
    }
    n.label = label;
    n.detail = (n.chained ? 'started by an event copy (no host); ' : '') + detail;
  }
}
