/**
 * The canonical scenarios shipped with the page (scenarios/<id>.json), by id, so a short link can name one:
 * `#scenario=<id>` (with `&w=<walkthrough id>&step=<n>` to open one of its walkthroughs), and the header's scenario
 * menu can list them by the system (seed paper) they model. The default scenario is in the main chunk; every other
 * file is a chunk of its own, fetched only when asked for (the editor's templates too: the editor is a chunk of its
 * own), so the page's first load carries none of their walkthrough texts. Their titles are written here for the
 * menu (web/test/bundledScenarios.test.ts checks every title against its file).
 */
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { defaultScenario } from './defaultScenario';

/** The four modelled systems, in the menu's order: each seed paper's stack and its baselines. */
export const SHIPPED_SYSTEMS = [
  { id: 'seed-002', label: 'Portals 3.3 over QsNet (Elan3), seed 002' },
  { id: 'seed-001', label: "Open MPI over QsNetII (Elan4), seed 001" },
  { id: 'seed-000', label: 'PVFS2 over QsNetII (Elan4) and InfiniBand, seed 000' },
  { id: 'seed-003', label: 'A software VIA over SCI, and Fast Ethernet, seed 003' },
] as const;

export type ShippedSystem = (typeof SHIPPED_SYSTEMS)[number]['id'];

interface Shipped {
  system: ShippedSystem;
  title: string;
  load: () => Promise<Scenario>;
}

/** A scenario already in the main chunk (the default). */
function inMainChunk(system: ShippedSystem, scenario: Scenario): Shipped {
  return { system, title: scenario.title ?? scenario.id, load: async () => scenario };
}

/** A scenario in a chunk of its own, fetched on first use. */
function lazy(system: ShippedSystem, title: string, load: () => Promise<{ default: unknown }>): Shipped {
  return { system, title, load: async () => (await load()).default as Scenario };
}

const SHIPPED: Record<string, Shipped> = {
  [defaultScenario.id]: inMainChunk('seed-002', defaultScenario),
  'qsnet-256-half-shift': lazy('seed-002',
    '128 concurrent ping-pongs across a 256-node QsNet fat tree',
    () => import('../../../scenarios/qsnet-256-half-shift.json', { with: { type: 'json' } })),
  'qsnet-64-mixed-stacks': lazy('seed-002',
    'Portals and Tports at the same time on one 64-node QsNet',
    () => import('../../../scenarios/qsnet-64-mixed-stacks.json', { with: { type: 'json' } })),
  'ompi-elan4-progress': lazy('seed-001',
    'Open MPI (PML + PTL/Elan4) over QsNetII: RDMA read and write, progress modes, MPICH-QsNet',
    () => import('../../../scenarios/ompi-elan4-progress.json', { with: { type: 'json' } })),
  'ompi-elan4-chained-queues': lazy('seed-001',
    'Open MPI over Elan4: chained DMA and completion queues',
    () => import('../../../scenarios/ompi-elan4-chained-queues.json', { with: { type: 'json' } })),
  'ompi-elan4-dynamic': lazy('seed-001',
    'Open MPI over Elan4: an MPI-2 process joins a running job on a spare context, communicates and leaves',
    () => import('../../../scenarios/ompi-elan4-dynamic.json', { with: { type: 'json' } })),
  'ompi-elan4-64-alltoall': lazy('seed-001',
    "MPI_Alltoall on 64 Elan4 nodes: Open MPI's rendezvous by RDMA write against RDMA read",
    () => import('../../../scenarios/ompi-elan4-64-alltoall.json', { with: { type: 'json' } })),
  'ompi-elan4-256-exchange': lazy('seed-001',
    'MPI_Sendrecv across the bisection: 256 Elan4 nodes exchange 64 KiB with the other half, both ways at once',
    () => import('../../../scenarios/ompi-elan4-256-exchange.json', { with: { type: 'json' } })),
  'pvfs2-elan4-listio': lazy('seed-000',
    'PVFS2 over Elan4: concurrent noncontiguous read and write, zero-copy scatter/gather vs pack/unpack vs per-region RDMA',
    () => import('../../../scenarios/pvfs2-elan4-listio.json', { with: { type: 'json' } })),
  'pvfs2-mpi-tile-io': lazy('seed-000',
    "PVFS2 over Elan4: MPI-Tile-IO, 2x2 tiles through ROMIO's ad_pvfs2",
    () => import('../../../scenarios/pvfs2-mpi-tile-io.json', { with: { type: 'json' } })),
  'pvfs2-btio': lazy('seed-000',
    'PVFS2 over Elan4: NAS BT-IO class A on 4 processes',
    () => import('../../../scenarios/pvfs2-btio.json', { with: { type: 'json' } })),
  'ib-verbs-pingpong': lazy('seed-000',
    'InfiniBand on InfiniHost HCAs: VAPI RDMA write, send/receive and MPI (MVAPICH) ping-pong',
    () => import('../../../scenarios/ib-verbs-pingpong.json', { with: { type: 'json' } })),
  'via-sci-pingpong': lazy('seed-003',
    "SS-VIA, a software VIA over SCI, against M-VIA and TCP/IP over Fast Ethernet and SCI-MPICH: ping-pong on the seed's 8-node cluster",
    () => import('../../../scenarios/via-sci-pingpong.json', { with: { type: 'json' } })),
  'npb-sci-8node-small': lazy('seed-003',
    "NAS Parallel Benchmarks 2.3, class S, on the seed's 8-node SCI cluster: a quick run of MG, CG and EP over MPI on SS-VIA, SCI-MPICH, M-VIA and TCP/IP",
    () => import('../../../scenarios/npb-sci-8node-small.json', { with: { type: 'json' } })),
  'npb-sci-8node': lazy('seed-003',
    "NAS Parallel Benchmarks 2.3 on the seed's 8-node SCI cluster: MPI over SS-VIA against SCI-MPICH, M-VIA and TCP/IP",
    () => import('../../../scenarios/npb-sci-8node.json', { with: { type: 'json' } })),
  'fast-ethernet-16-half-shift': lazy('seed-003',
    'M-VIA and TCP/IP on a 16-node switched Fast Ethernet, eight ping-pongs at once',
    () => import('../../../scenarios/fast-ethernet-16-half-shift.json', { with: { type: 'json' } })),
};

/** Ids a `#scenario=` link accepts, the default's first, then in the menu's order. */
export const BUNDLED_SCENARIO_IDS: string[] = Object.keys(SHIPPED);

/** The shipped scenarios as the menu lists them: id, title (the file's `title`) and system. */
export const BUNDLED_SCENARIOS: { id: string; title: string; system: ShippedSystem }[] = BUNDLED_SCENARIO_IDS.map(
  (id) => ({ id, title: SHIPPED[id].title, system: SHIPPED[id].system }),
);

/**
 * The bundled scenario `id`. Rejects with an Error naming the known ids when there is none (a bad link), or when
 * the file's own `id` differs from the name it is registered under.
 */
export async function loadBundledScenario(id: string): Promise<Scenario> {
  const shipped = Object.hasOwn(SHIPPED, id) ? SHIPPED[id] : undefined;
  if (!shipped) throw new Error(`Unknown scenario "${id}" in the link (known: ${BUNDLED_SCENARIO_IDS.join(', ')})`);
  const scenario = await shipped.load();
  if (scenario.id !== id) throw new Error(`Bundled scenario "${id}" has id "${scenario.id}"`);
  return scenario;
}
