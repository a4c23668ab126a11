/**
 * Rails of a cluster topology (core-wasm/app/wasm/README.md). An Elan4 (QsNetII) node may have one PCI-X bus and one
 * Elan4 per rail, and each rail its own fat tree of Elite4 switches; the core says each part's `rail` and the header
 * the count (`rails`). Parts without one are on rail 0. Pure.
 */
import type { Topology } from '../sim/bridgeTypes';

export interface RailIndex {
  rails: number;
  /** Component id → rail (PCI buses, NICs, switches). */
  railOf: Map<number, number>;
}

export function railIndex(topology: Topology): RailIndex {
  const railOf = new Map<number, number>();
  for (const c of topology.components) if (c.kind !== 'host') railOf.set(c.id, c.rail ?? 0);
  return { rails: topology.rails ?? 1, railOf };
}
