/**
 * Rails of a cluster topology (core-wasm/src/wasm/README.md). An Elan4 (QsNetII) node may have one PCI-X bus and
 * one Elan4 per rail, listed in rail order ("pcix3r1", "elan4-3r1"), and one fat tree of Elite4 switches per
 * rail. The JSON names no rail, so: a node's n-th PCI bus / NIC is on rail n, and a switch is on the rail of the
 * NICs it reaches through links. Also names the fabric's parts (QsNet / Elan3 / Elite, QsNetII / Elan4 / Elite4,
 * InfiniBand 4X / InfiniHost / InfiniScale).
 * Pure.
 */
import type { Topology } from '../sim/bridgeTypes';

export interface RailIndex {
  rails: number;
  /** Component id → rail (PCI buses, NICs, switches). */
  railOf: Map<number, number>;
}

export interface FabricNames {
  elan4: boolean;
  fabric: string;
  nic: string;
  switchName: string;
  bus: string;
}

export function fabricNames(topology: Topology): FabricNames {
  // The core names the fabric (qsnet: Elan3, qsnet2: Elan4). NIC names cannot tell: node 4's Elan3 is "elan4".
  if (topology.fabric === 'infiniband')
    return { elan4: false, fabric: 'InfiniBand 4X', nic: 'InfiniHost HCA', switchName: 'InfiniScale', bus: 'PCI-X' };
  const elan4 = topology.fabric === 'qsnet2';
  return elan4
    ? { elan4, fabric: 'QsNetII', nic: 'Elan4', switchName: 'Elite4', bus: 'PCI-X' }
    : { elan4, fabric: 'QsNet', nic: 'Elan3', switchName: 'Elite', bus: 'PCI' };
}

export function railIndex(topology: Topology): RailIndex {
  const railOf = new Map<number, number>();
  const seen = new Map<string, number>(); // node:kind → count so far
  let rails = 1;
  // Only the main network's buses and NICs count: a second network's (the InfiniBand beside a QsNetII) are no rail.
  const main = topology.components[0]?.network;
  for (const c of topology.components) {
    if ((c.kind !== 'pci' && c.kind !== 'nic') || c.node === undefined || c.network !== main) continue;
    const key = `${c.node}:${c.kind}`;
    const rail = seen.get(key) ?? 0;
    seen.set(key, rail + 1);
    railOf.set(c.id, rail);
    rails = Math.max(rails, rail + 1);
  }
  if (rails === 1) {
    for (const c of topology.components) if (c.kind === 'switch') railOf.set(c.id, 0);
    return { rails, railOf };
  }
  const next = new Map<number, number[]>();
  for (const l of topology.links) {
    if (!next.has(l.from)) next.set(l.from, []);
    next.get(l.from)!.push(l.to);
  }
  const queue = [...railOf.keys()].filter((id) => topology.components.some((c) => c.id === id && c.kind === 'nic'));
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const to of next.get(id) ?? []) {
      if (railOf.has(to)) continue;
      railOf.set(to, railOf.get(id)!);
      queue.push(to);
    }
  }
  return { rails, railOf };
}
