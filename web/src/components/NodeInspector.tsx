/**
 * State of the selected node at the current animation time, derived from the trace (trace/nodeState.ts):
 * NIC QDMA input-queue slots, Portals match-list length, event-queue fill, NIC thread step, PCI bus, host op. The
 * queue rows appear only when the run's models keep that queue (a level record of its kind anywhere in the trace):
 * an SCI or Ethernet node has no QDMA input queue and no Portals match list.
 */
import { useMemo } from 'react';
import { useSelection } from '../hooks/useSelection';
import { useTopology } from '../hooks/useTopology';
import { useSimTime } from '../hooks/useSimTime';
import { useTraceVersion } from '../hooks/useTraceVersion';
import { useKindNames } from '../hooks/useKindNames';
import { useNodeParts } from '../hooks/useNodeParts';
import { useScenario } from '../hooks/useScenario';
import { mpiRanksOf, pingPongOf } from '../../../core-wasm/js/scenarioTypes';
import { useRun, useRunState } from '../run/RunContext';
import { nodeStateAt } from '../trace/nodeState';
import { TraceKind } from '../sim/traceKindCodes';
import { EVENT_QUEUE_SIZE, INPUT_QUEUE_SLOTS, parameterValue } from '../sim/registryLookup';
import { QueueSlots } from './QueueSlots';
import { NodePicker } from './NodePicker';
import { useTraceHasNicSteps, useTraceKeepsLevel } from '../hooks/useTraceKeepsLevel';
import { headerOf, switchCaption } from '../trace/networkFacts';

function BusyBadge({ busy, text, testId }: { busy: boolean; text: string; testId: string }) {
  return (
    <span className={`badge ${busy ? 'badge-busy' : 'badge-idle'}`} data-testid={testId} data-busy={busy}>
      {busy ? `busy: ${text}` : 'idle'}
    </span>
  );
}

export function NodeInspector() {
  const selection = useSelection();
  const topology = useTopology();
  const time_ps = useSimTime();
  const traceVersion = useTraceVersion();
  const names = useKindNames();
  const scenario = useScenario();
  const { trace } = useRun();
  const parameters = useRunState((s) => s.parameters);
  const node = selection?.kind === 'node' ? selection.node : null;
  const parts = useNodeParts(topology, node);
  const state = useMemo(
    () => (parts ? nodeStateAt(trace, parts, time_ps, names) : null),
    // traceVersion: the trace store (outside React) grew
    [trace, parts, time_ps, names, traceVersion],
  );
  const kept = {
    inputQueue: useTraceKeepsLevel(TraceKind.input_queue),
    matchList: useTraceKeepsLevel(TraceKind.match_list),
    eventQueue: useTraceKeepsLevel(TraceKind.event_queue),
  };
  const nicSteps = useTraceHasNicSteps();
  // An InfiniBand HCA keeps posted receive WQEs where a Portals NIC keeps match entries (trace kind match_list).
  const hca = topology?.components.find((c) => c.id === parts?.nic)?.network === 'infiniband';
  const slotsFromRegistry = parameterValue(parameters, scenario, INPUT_QUEUE_SLOTS);
  const eqSize = parameterValue(parameters, scenario, EVENT_QUEUE_SIZE);

  let body;
  if (selection?.kind === 'switch') {
    const sw = topology?.components.find((c) => c.id === selection.component);
    body = (
      <p>
        {sw && topology ? switchCaption(headerOf(topology, sw)) : 'switch'} <b>{sw?.name}</b>, level {sw?.level} (1 = leaf), index {sw?.index}. Switches hold no
        protocol state; packets crossing it are drawn on its links.
      </p>
    );
  } else if (!state || node === null) {
    body = <p className="muted">Click a host, PCI bus or NIC in the cluster view, or type a node number above, to inspect its node.</p>;
  } else {
    const slots = slotsFromRegistry ?? Math.max(state.inputQueuePeak, state.inputQueueOccupied, 1);
    const pp = pingPongOf(scenario);
    const role = pp
      ? node === pp.initiator ? ' (initiator)' : node === pp.target ? ' (target)' : ''
      : node < (mpiRanksOf(scenario) ?? 0) ? ` (MPI rank ${node})` : '';
    body = (
      <dl className="inspector-grid">
        <dt>Node</dt>
        <dd data-testid="inspector-node">
          {node}
          {role}
        </dd>
        {kept.inputQueue && (
          <>
            <dt>NIC input queue</dt>
            <dd>
              <span className="slot-count">
                {state.inputQueueOccupied} of {slotsFromRegistry ?? `≥${slots}`}
              </span>
              <QueueSlots occupied={state.inputQueueOccupied} total={slots} testId="inspector-input-queue" />
            </dd>
          </>
        )}
        {kept.matchList && (
          <>
            {hca ? (
              <dt title="Receive WQEs posted on the HCA's queue pairs and not yet consumed by an arriving send">Posted receives (RQ)</dt>
            ) : (
              <dt>Match list (ME)</dt>
            )}
            <dd data-testid="inspector-match-list">{state.matchListLength} entries</dd>
          </>
        )}
        {kept.eventQueue && (
          <>
            <dt title="NIC-written notices in host memory not yet consumed: Portals event-queue events, VIA and InfiniBand completion-queue entries">
              Event / completion queue
            </dt>
            <dd data-testid="inspector-event-queue">
              {state.eventQueueFill}
              {eqSize !== null ? ` of ${eqSize}` : ''} unconsumed
            </dd>
          </>
        )}
        {nicSteps && (
          <>
            {hca ? (
              <dt title="The InfiniHost's engines: doorbells, WQE fetch, DMA, CQE writes (trace kind hca_step)">HCA</dt>
            ) : (
              <dt>NIC thread</dt>
            )}
            <dd>
              <BusyBadge busy={state.nicThread.busy} text={state.nicThread.op} testId="inspector-nic-thread" />
            </dd>
          </>
        )}
        <dt>PCI bus</dt>
        <dd>
          <BusyBadge busy={state.pci.busy} text={state.pci.op} testId="inspector-pci" />
        </dd>
        <dt>Host CPU</dt>
        <dd>
          <BusyBadge busy={state.hostOp.busy} text={state.hostOp.op} testId="inspector-host-op" />
        </dd>
      </dl>
    );
  }
  return (
    <section className="panel inspector-panel" data-panel="inspector" data-testid="node-inspector" aria-label="Node inspector">
      <div className="panel-title">
        <h2>Inspector</h2>
        <NodePicker />
      </div>
      {body}
    </section>
  );
}
