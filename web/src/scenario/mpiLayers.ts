/**
 * The MPI layers the core runs an MPI job (all-to-all, exchange, NAS) over, per fabric, as the core checks them: the
 * catalog's protocols that offer an MPI layer (`mpi`) on a NIC the fabric's nodes carry (its own or a side NIC;
 * core-wasm/js/coreCatalog.ts). Pure.
 */
import type { SeriesSpec } from '../../../core-wasm/js/scenarioTypes';
import { FABRIC_IDS, protocolsOn, type FabricId } from '../../../core-wasm/js/coreCatalog';

export const MPI_LAYERS = {} as Record<FabricId, readonly SeriesSpec['protocol'][]>;
for (const f of FABRIC_IDS) MPI_LAYERS[f] = protocolsOn(f).filter((p) => p.mpi).map((p) => p.id as SeriesSpec['protocol']);

/** Whether `protocol` is an MPI layer the core runs on `fabric`. */
export function isMpiLayer(fabric: FabricId, protocol: string): boolean {
  return (MPI_LAYERS[fabric] as readonly string[]).includes(protocol);
}
