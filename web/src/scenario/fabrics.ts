/**
 * Fabric kinds of a scenario's cluster (scenarios/scenario.schema.json `cluster.fabric`): the QsNet and QsNetII fat
 * trees of Elite switches (seeds 002, 001), the SCI ringlet (seed 003) and a switched Fast Ethernet (seed 003's
 * baseline network on its own). Pure.
 */
import type { Scenario } from './scenarioTypes';

export type Fabric = Scenario['cluster']['fabric'];

/** Whether `fabric` is a k-ary n-tree of switches, so `cluster.arity` applies. */
export function isFatTree(fabric: Fabric): boolean {
  return fabric === 'qsnet' || fabric === 'qsnet2';
}
