/**
 * A live description of the time cursor for screen-reader users and the room (issue 40 item 5): an ARIA live region
 * (polite) with one sentence of what last happened and the input queue of the node concerned
 * (trace/describeMoment.ts), at a pace a listener can follow: at most one sentence every 2.5 s while playing, and
 * 0.3 s after the cursor stops moving otherwise. Below it, a keyboard-reachable table of the cluster's state at the
 * described time (host CPU, PCI bus, NIC, input queue, match list, event queue of up to 16 nodes).
 */
import { useEffect, useMemo, useState } from 'react';
import { useRun, useRunState } from '../run/RunContext';
import { useTopologyIndex } from '../hooks/useTopologyIndex';
import { useKindNames } from '../hooks/useKindNames';
import { useScenario } from '../hooks/useScenario';
import { usePlaybackStore } from '../state/playbackStore';
import { describeMoment } from '../trace/describeMoment';
import { nodeStateAt } from '../trace/nodeState';
import { INPUT_QUEUE_SLOTS, parameterValue } from '../sim/registryLookup';

/** Wall ms between two sentences while playing. */
export const LIVE_PACE_MS = 2500;
const SETTLE_MS = 300;
const TABLE_NODES = 16;

export function LiveDescription() {
  const { trace } = useRun();
  const topo = useTopologyIndex();
  const names = useKindNames();
  const scenario = useScenario();
  const parameters = useRunState((s) => s.parameters);
  const slots = parameterValue(parameters, scenario, INPUT_QUEUE_SLOTS);
  const [moment, setMoment] = useState<{ t_ps: number; text: string } | null>(null);
  const [tableOpen, setTableOpen] = useState(false);

  useEffect(() => {
    if (!topo) return;
    let last = 0;
    let timer = 0;
    const update = () => {
      const t_ps = usePlaybackStore.getState().time_ps;
      last = performance.now();
      const text = describeMoment(trace, topo, names, t_ps, slots);
      setMoment((m) => (m?.text === text ? m : { t_ps, text }));
    };
    const unsubscribe = usePlaybackStore.subscribe((s, prev) => {
      if (s.time_ps === prev.time_ps && s.playing === prev.playing) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(update, s.playing ? Math.max(0, LIVE_PACE_MS - (performance.now() - last)) : SETTLE_MS);
    });
    update();
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [trace, topo, names, slots]);

  const rows = useMemo(() => {
    if (!tableOpen || !topo || !moment) return [];
    const nodes = [...topo.host.keys()].sort((a, b) => a - b).slice(0, TABLE_NODES);
    return nodes.map((node) => ({
      node,
      state: nodeStateAt(trace, { host: topo.host.get(node), pci: topo.pci.get(node), nic: topo.nic.get(node) }, moment.t_ps, names),
    }));
  }, [tableOpen, topo, moment, trace, names]);

  return (
    <div className="live-description">
      <p className="live-line" aria-live="polite" role="status" data-testid="live-description">{moment?.text ?? ''}</p>
      <details onToggle={(e) => setTableOpen((e.target as HTMLDetailsElement).open)}>
        <summary data-testid="state-table-toggle">Cluster state at {moment ? `${(moment.t_ps / 1e6).toFixed(1)} µs` : 'the cursor'} (table)</summary>
        {tableOpen && (
          <div className="state-table" tabIndex={0} role="region" aria-label="Cluster state at the described time">
            <table data-testid="state-table">
              <caption>{topo && topo.host.size > TABLE_NODES ? `The first ${TABLE_NODES} of ${topo.host.size} nodes` : 'Every node'}, at the time described above</caption>
              <thead>
                <tr><th scope="col">node</th><th scope="col">host CPU</th><th scope="col">PCI bus</th><th scope="col">NIC</th><th scope="col">input queue</th><th scope="col">match list</th><th scope="col">event queue</th></tr>
              </thead>
              <tbody>
                {rows.map(({ node, state }) => (
                  <tr key={node}>
                    <th scope="row">{node}</th>
                    <td>{state.hostOp.op}</td><td>{state.pci.op}</td><td>{state.nicThread.op}</td>
                    <td>{state.inputQueueOccupied}{slots !== null ? ` of ${slots}` : ''}</td><td>{state.matchListLength}</td><td>{state.eventQueueFill}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </div>
  );
}
