/**
 * Places an event chain (chain/chainTypes.ts) for drawing: one swim lane per actor (host CPU, Elan4 NIC) of each
 * node, nodes left to right in firing order (d3 scalePoint), edges as curves from a node's right side to the next
 * one's left side. Pure.
 */
import { scalePoint } from 'd3-scale';
import type { ChainGraph, ChainNode } from './chainTypes';

export interface ChainLane {
  key: string;
  node: number;
  actor: 'host' | 'nic';
  label: string;
  y: number;
}

export interface PlacedChainNode {
  n: ChainNode;
  x: number;
  y: number;
  short: string;
}

export interface PlacedChainEdge {
  from: number;
  to: number;
  kind: string;
  path: string;
}

export interface ChainLayout {
  width: number;
  height: number;
  lanes: ChainLane[];
  nodes: PlacedChainNode[];
  edges: PlacedChainEdge[];
}

export const NODE_W = 78;
export const NODE_H = 34;
const STEP_MIN = 90;
const LANE_H = 62;
const LEFT = 92;
const TOP = 30;

/** The host runs doorbells, PIO reads and wakes; everything else fires on the NIC. */
export const actorOf = (n: ChainNode): 'host' | 'nic' => (n.type === 'doorbell' || n.type === 'pio-read' || n.type === 'wake' ? 'host' : 'nic');

export function shortLabel(n: ChainNode): string {
  switch (n.type) {
    case 'doorbell': return 'Doorbell';
    case 'pio-read': return 'PIO read';
    case 'count': return 'Count';
    case 'copy': return 'Copy';
    case 'write': return 'Done word';
    case 'interrupt': return 'Interrupt';
    case 'wake': return 'Wake';
    default: {
      const fin = n.label.match(/\((FIN(?:_ACK)?)\)/);
      if (fin) return fin[1];
      if (n.dmaKind === 'rdma') return 'RDMA';
      if (n.dmaKind === 'control') return 'RDMA req';
      if (n.dmaKind === 'qdma') return 'QDMA';
      return n.chained ? 'DMA → CQ' : 'Local DMA';
    }
  }
}

/** `nodes`: the cluster nodes in lane order (initiator first). */
export function layoutChain(graph: ChainGraph, nodes: readonly number[], minWidth: number): ChainLayout {
  const lanes: ChainLane[] = [];
  const order = nodes.length > 0 ? [...nodes] : [...new Set(graph.nodes.map((n) => n.node))];
  // host A, NIC A, NIC B, host B: the two NICs meet in the middle, as the fabric joins them.
  order.forEach((node, i) => {
    const actors: ('host' | 'nic')[] = i % 2 === 0 ? ['host', 'nic'] : ['nic', 'host'];
    for (const actor of actors) {
      lanes.push({ key: `${actor}:${node}`, node, actor, label: actor === 'host' ? `host ${node} CPU` : `Elan4 ${node}`, y: 0 });
    }
  });
  lanes.forEach((l, i) => (l.y = TOP + LANE_H / 2 + i * LANE_H));
  const laneY = new Map(lanes.map((l) => [l.key, l.y]));
  const width = Math.max(minWidth, LEFT + graph.nodes.length * STEP_MIN + 20);
  const x = scalePoint<number>().domain(graph.nodes.map((n) => n.id)).range([LEFT + NODE_W / 2, width - NODE_W / 2 - 10]).padding(0.3);
  const placed: PlacedChainNode[] = graph.nodes.map((n) => ({
    n, x: x(n.id) ?? LEFT, y: laneY.get(`${actorOf(n)}:${n.node}`) ?? TOP, short: shortLabel(n),
  }));
  const edges: PlacedChainEdge[] = graph.edges.map((e) => {
    const a = placed[e.from];
    const b = placed[e.to];
    const x1 = a.x + NODE_W / 2;
    const x2 = b.x - NODE_W / 2;
    const mid = (x1 + x2) / 2;
    return { from: e.from, to: e.to, kind: e.kind, path: `M${x1},${a.y}C${mid},${a.y} ${mid},${b.y} ${x2},${b.y}` };
  });
  return { width, height: TOP + lanes.length * LANE_H + 8, lanes, nodes: placed, edges };
}
