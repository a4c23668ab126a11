/**
 * Packet layers (Packet Tracer's per-layer view): the picked message's headers from the top (Portals / Tports
 * API) down to the wire. Upper layers come from the core (hs_message_json); the bottom wire layer is the packet's
 * own trace record (packet/wireLayer.ts) and is always shown. The view is rendered inside the picked message's run
 * (RunProvider of `picked.run`), so a packet of the comparison run is described from run B's trace, topology,
 * scenario and core session.
 */
import { useMemo } from 'react';
import { usePickedPacket } from '../hooks/usePickedPacket';
import { useCoreMessageLayers } from '../hooks/useCoreMessageLayers';
import { RunProvider, useRun, useRunState } from '../run/RunContext';
import type { PickedPacket } from '../state/packetSelectionStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { messageFacts, wireLayer, type WireNames } from '../packet/wireLayer';
import type { HeaderLayer } from '../packet/messageLayers';

function LayerBlock({ layer, depth, wire }: { layer: HeaderLayer; depth: number; wire: boolean }) {
  return (
    <li className={`header-layer${wire ? ' header-layer-wire' : ''}`} data-testid={wire ? 'layer-wire' : 'layer-core'} style={{ marginLeft: depth * 10 }}>
      <h3>{layer.name}</h3>
      <dl>
        {layer.fields.map(([k, v], i) => (
          <div key={`${k}-${i}`} className="header-field">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

export function PacketLayers() {
  const picked = usePickedPacket();
  if (!picked) return null;
  return (
    <RunProvider run={picked.run}>
      <PickedLayers picked={picked} />
    </RunProvider>
  );
}

function PickedLayers({ picked }: { picked: PickedPacket }) {
  const run = useRun();
  const trace = run.trace;
  const topology = useRunState((s) => s.topology);
  const scenario = useRunState((s) => s.scenario);
  const version = useRunState((s) => s.traceVersion);
  const core = useCoreMessageLayers(picked.message);
  const names = useMemo<WireNames | null>(
    () =>
      topology
        ? {
            component: new Map(topology.components.map((c) => [c.id, c.name])),
            link: new Map(topology.links.map((l) => [l.id, { from: l.from, to: l.to }])),
          }
        : null,
    [topology],
  );
  const facts = useMemo(
    () => messageFacts(trace, picked.message),
    // version: the trace store (outside React) grew
    [picked, trace, version],
  );
  const wire = useMemo(
    () => (names ? wireLayer(trace, names, picked.message, picked.packet, facts) : null),
    [picked, trace, names, facts],
  );

  const series = scenario?.workload.series[facts.seriesIndex];
  const coreLayers = core.status === 'ready' ? core.layers.layers : [];
  const close = () => usePacketSelectionStore.getState().pick(null);
  return (
    <section className="panel packet-layers" data-testid="packet-layers" data-panel="layers" data-run={run.id} aria-label={`Headers of message ${picked.message}${run.qualifier ? ` of ${run.qualifier}` : ''}, layer by layer`}>
      <div className="panel-title">
        <h2>
          {run.qualifier ? `${run.qualifier} · message` : 'Message'} {picked.message}
          {series ? ` · ${series.label ?? series.id}` : ''} · {facts.bytes} B
          {core.status === 'ready' && core.layers.src !== null ? ` · node ${core.layers.src} → node ${core.layers.dst}` : ''}
        </h2>
        <button type="button" onClick={close} aria-label="Close the packet layers" data-testid="packet-layers-close">
          ✕
        </button>
      </div>
      <p className="muted layers-note" data-testid="layers-source">
        {core.status === 'ready'
          ? 'Headers from the core (hs_message_json), API at the top, wire at the bottom.'
          : core.status === 'pending'
            ? 'Asking the core for the headers…'
            : 'This core build does not describe message headers yet; the wire layer comes from the trace.'}
      </p>
      <ol className="header-layers" aria-label="Layers, top (API) to bottom (wire)">
        {coreLayers.map((l, i) => (
          <LayerBlock key={`${l.name}-${i}`} layer={l} depth={i} wire={false} />
        ))}
        {wire && <LayerBlock layer={wire} depth={coreLayers.length} wire />}
        {!wire && <li className="muted">No packet of this message is in the trace.</li>}
      </ol>
    </section>
  );
}
