/** Host, PCI bus and NIC component ids of a node, from the topology. */
import { useMemo } from 'react';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';

export interface NodeParts {
  host?: number;
  pci?: number;
  nic?: number;
}

export function useNodeParts(topology: Topology | null, node: number | null): NodeParts | null {
  return useMemo(() => {
    if (!topology || node === null) return null;
    const parts: NodeParts = {};
    for (const c of topology.components) {
      // The main fabric's parts: a second network's (Fast Ethernet beside SCI) come later and are skipped.
      if (c.node === node && (c.kind === 'host' || c.kind === 'pci' || c.kind === 'nic') && parts[c.kind] === undefined)
        parts[c.kind] = c.id;
    }
    return parts;
  }, [topology, node]);
}
