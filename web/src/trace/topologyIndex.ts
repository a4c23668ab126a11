/**
 * Lookups over the topology JSON (core-wasm/src/wasm/README.md): node of a host / PCI / NIC component, the two
 * ends of a directed link, and each node's host, PCI and NIC ids. Pure.
 */
import type { Topology } from '../../../core-wasm/js/bridgeTypes';

export interface TopologyIndex {
  /** Node of a host, PCI bus or NIC component id. */
  nodeOf: Map<number, number>;
  /** Kind of every component id. */
  kindOf: Map<number, string>;
  /** Directed link id → its `from` and `to` component ids. */
  link: Map<number, { from: number; to: number }>;
  host: Map<number, number>;
  pci: Map<number, number>;
  nic: Map<number, number>;
  /** A side network's components by id → its tag (`"ethernet"`, `"infiniband"`); the main fabric's are absent. */
  networkOf: Map<number, string>;
}

export function indexTopology(topology: Topology): TopologyIndex {
  const index: TopologyIndex = {
    nodeOf: new Map(), kindOf: new Map(), link: new Map(), host: new Map(), pci: new Map(), nic: new Map(),
    networkOf: new Map(),
  };
  for (const c of topology.components) {
    index.kindOf.set(c.id, c.kind);
    if (c.network) index.networkOf.set(c.id, c.network);
    if (typeof c.node === 'number' && (c.kind === 'host' || c.kind === 'pci' || c.kind === 'nic')) {
      index.nodeOf.set(c.id, c.node);
      // Per node the main fabric's part (a second network's parts come later in the topology).
      if (!index[c.kind].has(c.node)) index[c.kind].set(c.node, c.id);
    }
  }
  // The link objects themselves: a copy of each was 10,240 allocations on 1,024 nodes, and the page's first render of
  // the sequence chart spent 13 ms here and 26 ms collecting garbage (Chrome trace, 2026-11-28).
  for (const l of topology.links) index.link.set(l.id, l);
  return index;
}

/** Node where a packet on `linkId` enters the fabric (its link leaves a NIC), or null. */
export function injectingNode(index: TopologyIndex, linkId: number): number | null {
  const l = index.link.get(linkId);
  return l && index.kindOf.get(l.from) === 'nic' ? (index.nodeOf.get(l.from) ?? null) : null;
}

/** Node where a packet on `linkId` leaves the fabric (its link ends at a NIC), or null. */
export function ejectingNode(index: TopologyIndex, linkId: number): number | null {
  const l = index.link.get(linkId);
  return l && index.kindOf.get(l.to) === 'nic' ? (index.nodeOf.get(l.to) ?? null) : null;
}
