/**
 * Legend of packet colours (Okabe–Ito, theme/palette.ts) in the terms of the run's fabrics (the catalog's packet
 * labels: "QDMA" on QsNet, "SCI echo" on the SCI ringlet, "TCP ACK" on Fast Ethernet), and of the busy highlight.
 * Before a topology is known, the generic kind names. The busy highlight names the NIC thread only when the run's NICs
 * have one.
 */
import { BUSY_COLOR, PACKET_STYLE } from '../theme/palette';
import { packetLegend, type PacketLegendEntry } from '../trace/networkFacts';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { useTraceHasNicSteps } from '../hooks/useTraceKeepsLevel';

/** The packet kinds of a run's networks in their terms, or the generic kind names before a topology is known. */
export function packetLegendEntries(topology: Topology | null): PacketLegendEntry[] {
  return topology
    ? packetLegend(topology)
    : Object.entries(PACKET_STYLE).map(([kind, s]) => ({ kind: Number(kind), label: s.label, fabric: '' }));
}

export function PacketLegend({ topology }: { topology: Topology | null }) {
  // "NIC thread" only where the run's NICs have one (an SCI adapter or a Tulip has none).
  const nicSteps = useTraceHasNicSteps();
  const busy = nicSteps ? 'PCI / NIC thread / host' : 'PCI / host';
  const entries = packetLegendEntries(topology);
  return (
    <ul className="legend" aria-label="Packet kinds" data-testid="packet-legend">
      {entries.map((e) => (
        <li key={`${e.kind}:${e.label}`} title={`${PACKET_STYLE[e.kind]?.name ?? e.kind}${e.fabric ? ` on the ${e.fabric}` : ''}`}>
          <svg width="12" height="12" aria-hidden="true">
            <circle cx="6" cy="6" r="5" fill={PACKET_STYLE[e.kind]?.color ?? '#000'} />
          </svg>
          {e.label}
        </li>
      ))}
      <li title={`${nicSteps ? 'PCI transaction, NIC thread step or host API step' : 'PCI transaction or host API step'} in progress`} data-testid="busy-legend">
        <svg width="14" height="12" aria-hidden="true">
          <rect x="1" y="1" width="12" height="10" rx="2" fill={BUSY_COLOR} stroke="#333" />
        </svg>
        busy ({busy})
      </li>
    </ul>
  );
}
