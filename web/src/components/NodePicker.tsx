/**
 * Picks the inspected node by number: the keyboard's way to what a click on a host, PCI bus or NIC of the cluster view
 * does (selectionStore), and the quick way to node 3,000 of a 4,096-node canvas. A number outside 0 to nodes − 1, or
 * not whole, is marked invalid and selects nothing; leaving the field shows the selected node again.
 */
import { useEffect, useState } from 'react';
import { useSelection } from '../hooks/useSelection';
import { useScenario } from '../hooks/useScenario';
import { useSelectionStore } from '../state/selectionStore';
import { nodeOf } from '../scenario/nodeNumber';

export function NodePicker() {
  const selection = useSelection();
  const nodes = useScenario().cluster.nodes;
  const [typed, setTyped] = useState<string | null>(null);
  // A new selection (this field's, a click on the cluster, a walkthrough step, another scenario) shows its node.
  useEffect(() => setTyped(null), [selection]);
  const shown = typed ?? (selection?.kind === 'node' ? String(selection.node) : '');
  const invalid = typed !== null && nodeOf(typed, nodes) === null;
  return (
    <label className="node-picker">
      node{' '}
      <input
        type="number"
        data-testid="node-picker"
        min={0}
        max={nodes - 1}
        step={1}
        value={shown}
        aria-label={`Inspect node (0 to ${nodes - 1})`}
        aria-invalid={invalid}
        title={invalid ? `a node of this cluster: 0 to ${nodes - 1}` : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          const node = nodeOf(e.target.value, nodes);
          if (node !== null) useSelectionStore.getState().select({ kind: 'node', node });
        }}
        onBlur={() => setTyped(null)}
      />
    </label>
  );
}
