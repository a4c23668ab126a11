/**
 * Legend of packet colours (Okabe–Ito, theme/palette.ts) in the terms of the run's fabrics (the catalog's packet
 * labels: "QDMA" on QsNet, "SCI echo" on the SCI ringlet, "TCP ACK" on Fast Ethernet), and of the busy highlight.
 * Before a topology is known, the generic kind names.
 */
import { BUSY_COLOR, PACKET_STYLE } from '../theme/palette';
import { packetLegend } from '../trace/networkFacts';
import type { Topology } from '../sim/bridgeTypes';

export function PacketLegend({ topology }: { topology: Topology | null }) {
  const entries = topology
    ? packetLegend(topology)
    : Object.entries(PACKET_STYLE).map(([kind, s]) => ({ kind: Number(kind), label: s.label, fabric: '' }));
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
      <li title="PCI transaction, NIC thread step or host API step in progress">
        <svg width="14" height="12" aria-hidden="true">
          <rect x="1" y="1" width="12" height="10" rx="2" fill={BUSY_COLOR} stroke="#333" />
        </svg>
        busy (PCI / NIC thread / host)
      </li>
    </ul>
  );
}
