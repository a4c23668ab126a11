/**
 * Fabric kinds of a scenario's cluster (scenarios/scenario.schema.json `cluster.fabric`): the QsNet and QsNetII fat
 * trees of Elite switches (seeds 002, 001), the SCI ringlet (seed 003) and a switched Fast Ethernet (seed 003's
 * baseline network on its own) and InfiniBand (seed 000's PVFS2/IBA baseline network on its own). Pure.
 */
import type { Scenario } from './scenarioTypes';

export type Fabric = Scenario['cluster']['fabric'];

/** Whether `fabric` is a k-ary n-tree of switches, so `cluster.arity` applies. */
export function isFatTree(fabric: Fabric): boolean {
  return fabric === 'qsnet' || fabric === 'qsnet2';
}

/**
 * The testbed whose parameter defaults apply to `cluster` (the core's parser: `cluster.testbed`, else the NIC family's
 * seed machine: Elan3 sandia-elan3-2004, Elan4 and InfiniHost osu-elan4-2005, PCI-SCI and Tulip usc-sci-p2-350).
 */
export function testbedOf(cluster: Scenario['cluster']): string {
  if (cluster.testbed) return cluster.testbed;
  const nic = cluster.nic ?? { qsnet: 'elan3', qsnet2: 'elan4', 'sci-ringlet': 'pci-sci', 'fast-ethernet': 'tulip', infiniband: 'infinihost' }[cluster.fabric];
  return nic === 'elan4' || nic === 'infinihost' ? 'osu-elan4-2005' : nic === 'pci-sci' || nic === 'tulip' ? 'usc-sci-p2-350' : 'sandia-elan3-2004';
}
