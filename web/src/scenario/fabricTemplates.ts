/**
 * The topologies the editor offers and the scenario each starts from (a ping-pong sweep on that fabric, with its
 * NICs' protocol stacks as series): QsNet + Elan3 = the default scenario (seed 002, Portals and Tports), QsNetII +
 * Elan4 = ompi-elan4-progress (seed 001, Open MPI and MPICH-QsNet), the SCI ringlet = via-sci-pingpong (seed 003,
 * SS-VIA, SCI-MPICH and, on the same nodes' Fast Ethernet, M-VIA and TCP/IP), a switched Fast Ethernet =
 * fast-ethernet-16-half-shift (M-VIA and TCP/IP), InfiniBand = ib-verbs-pingpong (seed 000's PVFS2/IBA baseline network:
 * raw VAPI RDMA write and send/receive). Pure.
 */
import ompiElan4 from '../../../scenarios/ompi-elan4-progress.json' with { type: 'json' };
import viaSci from '../../../scenarios/via-sci-pingpong.json' with { type: 'json' };
import fastEthernet from '../../../scenarios/fast-ethernet-16-half-shift.json' with { type: 'json' };
import ibVerbs from '../../../scenarios/ib-verbs-pingpong.json' with { type: 'json' };
import type { Scenario } from './scenarioTypes';
import type { Fabric } from './fabrics';
import { defaultScenario } from './defaultScenario';

export interface FabricChoice {
  fabric: Fabric;
  label: string;
  /** What the topology is, for the field's title. */
  description: string;
  template: Scenario;
}

export const FABRIC_CHOICES: readonly FabricChoice[] = [
  { fabric: 'qsnet', label: 'QsNet fat tree (Elan3)', template: defaultScenario,
    description: 'Quadrics QsNet: Elan3 NICs on 64-bit/66 MHz PCI, Elite switches in a k-ary fat tree (seed 002): Portals 3.3, Tports' },
  { fabric: 'qsnet2', label: 'QsNetII fat tree (Elan4)', template: ompiElan4 as Scenario,
    description: 'Quadrics QsNetII: Elan4 NICs on PCI-X, Elite4 switches (seed 001): Open MPI PML + PTL/Elan4, MPICH-QsNet, raw QDMA' },
  { fabric: 'sci-ringlet', label: 'SCI ringlet (PCI-SCI)', template: viaSci as Scenario,
    description: 'Dolphin PCI-SCI adapters on one SCI ringlet, the nodes also on Fast Ethernet (seed 003): SS-VIA, SCI-MPICH, M-VIA, TCP/IP' },
  { fabric: 'fast-ethernet', label: 'switched Fast Ethernet', template: fastEthernet as Scenario,
    description: 'Tulip-class 100 Mb/s NICs on one store-and-forward switch (seed 003\'s baseline network): M-VIA, TCP/IP' },
  { fabric: 'infiniband', label: 'InfiniBand 4X (InfiniHost)', template: ibVerbs as Scenario,
    description: 'Mellanox InfiniHost HCAs on PCI-X 133, 4X links, one 8-port InfiniScale switch (seed 000\'s PVFS2/IBA baseline network): raw verbs (VAPI) RDMA write, send/receive' },
];

/** The scenario the editor starts from when `fabric` is chosen. */
export function fabricTemplate(fabric: Fabric): Scenario {
  return (FABRIC_CHOICES.find((c) => c.fabric === fabric) ?? FABRIC_CHOICES[0]).template;
}
