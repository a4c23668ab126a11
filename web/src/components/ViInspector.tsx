/**
 * VI inspector (seed 003, REFERENCES §1.5): for the selected node at the time cursor, each Virtual Interface
 * with its peer and VI state, its send and receive work queues with every descriptor in post order and its
 * Control Segment status (posted, in progress, complete = Done, error bits, flushed; with the byte count), and
 * the host's completion queues. Built from the core's VIA trace records (hooks/useViQueues.ts) and drawn by
 * the generic QueueInspector. Shown only for scenarios with a VIA series (ss-via, m-via).
 */
import { useSelection } from '../hooks/useSelection';
import { useScenario } from '../hooks/useScenario';
import { useViQueues } from '../hooks/useViQueues';
import { QueueInspector } from './QueueInspector';

const VIA_PROTOCOLS = new Set(['ss-via', 'm-via']);

export function ViInspector() {
  const scenario = useScenario();
  const selection = useSelection();
  const node = selection?.kind === 'node' ? selection.node : null;
  const owners = useViQueues(node);
  if (!scenario.workload.series?.some((s) => VIA_PROTOCOLS.has(s.protocol))) return null;
  return (
    <section className="panel vi-inspector-panel" data-panel="vi-inspector" data-testid="vi-inspector" aria-label="VI inspector">
      <div className="panel-title">
        <h2>Virtual Interfaces</h2>
        <span className="muted">
          {node === null ? 'select a node' : `node ${node}: work queues and completion queues at the time cursor`}
        </span>
      </div>
      {node === null ? (
        <p className="muted">Click a host or NIC in the cluster view to see its VIs, descriptors and completion queues.</p>
      ) : !owners || owners.length === 0 ? (
        <p className="muted" data-testid="vi-inspector-empty">
          No VI exists on node {node} yet at this time (VIs are created at a VIA run's first VipPostRecv / VipPostSend).
        </p>
      ) : (
        <QueueInspector owners={owners} testId="vi-queues" />
      )}
    </section>
  );
}
