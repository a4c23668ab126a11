/** Legend of packet colours (Okabe–Ito) and of the busy highlight. */
import { BUSY_COLOR, PACKET_STYLE } from '../theme/palette';

export function PacketLegend() {
  return (
    <ul className="legend" aria-label="Packet kinds" data-testid="packet-legend">
      {Object.entries(PACKET_STYLE).map(([kind, s]) => (
        <li key={kind} title={s.name}>
          <svg width="12" height="12" aria-hidden="true">
            <circle cx="6" cy="6" r="5" fill={s.color} />
          </svg>
          {s.label}
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
