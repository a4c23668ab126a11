/**
 * Elan4 event inspector (seed 001 "Chained Event"; REFERENCES §1.2.4): for the selected node at the time cursor,
 * the last events armed on each of its Elan4 NICs with their counts (primed, k of N set, fired) and, once fired,
 * the actions the event processor ran (COPY of a chained DMA, WRITE of a done word, INTERRUPT). Built from the
 * core's event records (hooks/useE4Events.ts), drawn by the generic QueueInspector. Shown on Elan4 clusters only.
 */
import { useSelection } from '../hooks/useSelection';
import { useE4Events } from '../hooks/useE4Events';
import { useScenario } from '../hooks/useScenario';
import { QueueInspector } from './QueueInspector';
import { fabricEntry } from '../../../core-wasm/js/coreCatalog';

export function E4EventInspector() {
  const scenario = useScenario();
  const selection = useSelection();
  const node = selection?.kind === 'node' ? selection.node : null;
  const owners = useE4Events(node);
  if ((scenario.cluster.nic ?? fabricEntry(scenario.cluster.fabric)?.nic) !== 'elan4') return null;
  return (
    <section className="panel vi-inspector-panel" data-panel="e4-event-inspector" data-testid="e4-event-inspector" aria-label="Elan4 event inspector">
      <div className="panel-title">
        <h2>Elan4 events</h2>
        <span className="muted">{node === null ? 'select a node' : `node ${node}: events and their counts at the time cursor`}</span>
      </div>
      {node === null ? (
        <p className="muted">Click a host or NIC in the cluster view to see the events its Elan4 has armed.</p>
      ) : !owners || owners.length === 0 ? (
        <p className="muted" data-testid="e4-event-inspector-empty">No event armed on node {node}'s Elan4 yet at this time.</p>
      ) : (
        <QueueInspector owners={owners} testId="e4-events" />
      )}
    </section>
  );
}
