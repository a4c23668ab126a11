/**
 * The topologies the editor offers (every fabric of the core's catalog, core-wasm/js/coreCatalog.ts, with its label, testbed and
 * protocol stacks) and the scenario each starts from (a ping-pong sweep on that fabric, with its NICs' protocol stacks
 * as series): QsNet + Elan3 = the default scenario (seed 002, Portals and Tports), QsNetII + Elan4 =
 * ompi-elan4-progress (seed 001, Open MPI and MPICH-QsNet), the SCI ringlet = via-sci-pingpong (seed 003, SS-VIA,
 * SCI-MPICH and, on the same nodes' Fast Ethernet, M-VIA and TCP/IP), a switched Fast Ethernet =
 * fast-ethernet-16-half-shift (M-VIA and TCP/IP), InfiniBand = ib-verbs-pingpong
 * (seed 000's PVFS2/IBA baseline network: raw VAPI RDMA write and send/receive). Pure.
 */
import ompiElan4 from '../../../scenarios/ompi-elan4-progress.json' with { type: 'json' };
import viaSci from '../../../scenarios/via-sci-pingpong.json' with { type: 'json' };
import fastEthernet from '../../../scenarios/fast-ethernet-16-half-shift.json' with { type: 'json' };
import ibVerbs from '../../../scenarios/ib-verbs-pingpong.json' with { type: 'json' };
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import type { Fabric } from './fabrics';
import { defaultScenario } from './defaultScenario';
import { coreCatalog, protocolsOn } from '../../../core-wasm/js/coreCatalog';

export interface FabricChoice {
  fabric: Fabric;
  label: string;
  /** What the topology is, for the field's title: its testbed and the protocol stacks its nodes run. */
  description: string;
  template: Scenario;
}

/** The ping-pong scenario each fabric starts from (a fabric without one starts from the default scenario). */
const TEMPLATES: Partial<Record<Fabric, Scenario>> = {
  qsnet: defaultScenario,
  qsnet2: ompiElan4 as Scenario,
  'sci-ringlet': viaSci as Scenario,
  'fast-ethernet': fastEthernet as Scenario,
  infiniband: ibVerbs as Scenario,
};

export const FABRIC_CHOICES: readonly FabricChoice[] = coreCatalog.fabrics.map((f) => {
  const testbed = coreCatalog.testbeds.find((t) => t.id === f.default_testbed);
  const stacks = protocolsOn(f.id).filter((p) => p.pingpong).map((p) => p.label);
  return {
    fabric: f.id as Fabric,
    label: `${f.label}${f.fat_tree ? ' fat tree' : ''}, ${f.nic_label} NICs`,
    description: `${f.label} with ${f.nic_label} NICs (${f.source}); testbed: ${testbed?.description ?? f.default_testbed}. Protocol stacks: ${stacks.join(', ')}`,
    template: TEMPLATES[f.id as Fabric] ?? defaultScenario,
  };
});

/** The scenario the editor starts from when `fabric` is chosen. */
export function fabricTemplate(fabric: Fabric): Scenario {
  return (FABRIC_CHOICES.find((c) => c.fabric === fabric) ?? FABRIC_CHOICES[0]).template;
}
