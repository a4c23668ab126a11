/**
 * Rails of a cluster topology (core-wasm/app/wasm/README.md). An Elan4 (QsNetII) node may have one PCI-X bus and one
 * Elan4 per rail, and each rail its own fat tree of Elite4 switches; the core says each part's `rail` and the header
 * the count (`rails`). Parts without one are on rail 0. Pure.
 */
import type { Topology, TopologyComponent } from '../../../core-wasm/js/bridgeTypes';

export interface RailIndex {
  rails: number;
  /** Component id → rail (PCI buses, NICs, switches). */
  railOf: Map<number, number>;
}

/** The rail of one component: its `rail`, 0 when it has none; a host is on every rail and counts as rail 0. */
export function railOfComponent(c: TopologyComponent): number {
  return c.kind === 'host' ? 0 : c.rail ?? 0;
}

export function railIndex(topology: Topology): RailIndex {
  const railOf = new Map<number, number>();
  for (const c of topology.components) if (c.kind !== 'host') railOf.set(c.id, railOfComponent(c));
  return { rails: topology.rails ?? 1, railOf };
}
