/**
 * Fabric facts of a scenario's cluster, read from the core's catalog (core-wasm/js/coreCatalog.ts) rather than restated: which
 * fabrics are fat trees, and which testbed's defaults apply. Pure.
 */
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { fabricEntry, type FabricId } from '../../../core-wasm/js/coreCatalog';

export type Fabric = FabricId;

/** Whether `fabric` is a k-ary n-tree of switches, so `cluster.arity`, `cluster.levels` and node groups apply. */
export function isFatTree(fabric: Fabric): boolean {
  return fabricEntry(fabric)?.fat_tree ?? false;
}

/** The most nodes a cluster of `fabric` may have (its catalog entry: 4096 on QsNetII, 1024 on QsNet, 8 on IB). */
export function maxNodes(fabric: Fabric): number {
  return fabricEntry(fabric)?.max_nodes ?? 1024;
}

/**
 * The testbed whose parameter defaults apply to `cluster`, as the core's parser chooses it: `cluster.testbed`, else
 * the fabric's default testbed (its seed machine).
 */
export function testbedOf(cluster: Scenario['cluster']): string {
  return cluster.testbed ?? fabricEntry(cluster.fabric)?.default_testbed ?? '';
}
