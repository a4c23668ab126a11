/**
 * The MPI layers the core runs an MPI job (all-to-all, NAS) over, per fabric, as the core checks them
 * (core-wasm/src/run/mpi_layers.cc `has_mpi_layer`, and each protocol's NIC in the scenario parser):
 * Open MPI's PML + PTL/Elan4 on QsNetII (seed 001); MPI over SS-VIA, SCI-MPICH on the SCI ringlet and MPI over
 * M-VIA, MPICH ch_p4 over TCP/IP on the same nodes' Fast Ethernet (seed 003), which a fast-ethernet cluster
 * has on its own. The Elan3 QsNet and the InfiniBand (raw verbs only, so far) have none. Pure.
 */
import type { Scenario, SeriesSpec } from './scenarioTypes';

type Fabric = Scenario['cluster']['fabric'];

export const MPI_LAYERS: Record<Fabric, readonly SeriesSpec['protocol'][]> = {
  qsnet: [],
  qsnet2: ['ompi'],
  'sci-ringlet': ['ss-via', 'sci-mpich', 'm-via', 'tcp'],
  'fast-ethernet': ['m-via', 'tcp'],
  infiniband: [],
};

/** Whether `protocol` is an MPI layer the core runs on `fabric`. */
export function isMpiLayer(fabric: Fabric, protocol: string): boolean {
  return (MPI_LAYERS[fabric] as readonly string[]).includes(protocol);
}
