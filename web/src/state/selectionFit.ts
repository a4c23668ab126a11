/**
 * Whether a selection still names a part of the cluster a run draws: a scenario change (the menu, the editor, a file)
 * keeps the selection store, so node 15 of a 16-node cluster stayed selected on a 2-node one and the inspector showed
 * a node that does not exist. Pure.
 */
import type { Selection } from './selectionStore';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';

/** True when `selection` is a node below `nodes`, or a switch of `topology`; false for none. */
export function selectionFits(selection: Selection, nodes: number, topology: Pick<Topology, 'components'> | null): boolean {
  if (!selection) return false;
  if (selection.kind === 'node') return selection.node < nodes;
  return topology?.components.some((c) => c.id === selection.component && c.kind === 'switch') ?? false;
}
