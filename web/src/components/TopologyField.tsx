/**
 * The editor's topology choice: QsNet or QsNetII fat tree, SCI ringlet, or switched Fast Ethernet
 * (scenario/fabricTemplates.ts). Choosing one starts the draft from that fabric's ping-pong scenario, with the
 * protocol stacks its NICs run as the series; node count, arity, workload and parameters are then edited as usual.
 */
import { FABRIC_CHOICES } from '../scenario/fabricTemplates';
import type { Fabric } from '../scenario/fabrics';

interface Props {
  fabric: Fabric;
  onFabric(fabric: Fabric): void;
}

export function TopologyField({ fabric, onFabric }: Props) {
  const current = FABRIC_CHOICES.find((c) => c.fabric === fabric);
  return (
    <label className="workload-field topology-field">
      <span>topology</span>
      <select data-testid="edit-fabric" value={fabric} onChange={(e) => onFabric(e.target.value as Fabric)}
        title={current?.description} aria-describedby="edit-fabric-note">
        {FABRIC_CHOICES.map((c) => (
          <option key={c.fabric} value={c.fabric} title={c.description}>
            {c.label}
          </option>
        ))}
      </select>
      <span id="edit-fabric-note" className="muted">another topology starts from its ping-pong scenario</span>
    </label>
  );
}
