/**
 * The canonical scenarios shipped with the page (scenarios/<id>.json), by id, so a short link can name one:
 * `#scenario=<id>` (with `&w=<walkthrough id>&step=<n>` to open one of its walkthroughs), and the header's scenario
 * menu can list them by the system (seed paper) they model. Files the editor already imports as templates come from
 * the main chunk; the others are separate chunks, fetched only when asked for, so their titles are written here
 * (web/test/bundledScenarios.test.ts checks every title against its file).
 */
import type { Scenario } from './scenarioTypes';
import { defaultScenario } from './defaultScenario';
import { fabricTemplate } from './fabricTemplates';
import { PVFS2_TEMPLATES, alltoallTemplate, dynamicTemplate, exchangeTemplate, npbTemplate } from './workloadTemplates';

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

/** A scenario already in the main chunk (the default, or an editor template). */
function inMainChunk(system: ShippedSystem, scenario: Scenario): Shipped {
  return { system, title: scenario.title ?? scenario.id, load: async () => scenario };
}

/** A scenario in a chunk of its own, fetched on first use. */
function lazy(system: ShippedSystem, title: string, load: () => Promise<{ default: unknown }>): Shipped {
  return { system, title, load: async () => (await load()).default as Scenario };
}

const SHIPPED: Record<string, Shipped> = {
  [defaultScenario.id]: inMainChunk('seed-002', defaultScenario),
  'qsnet-256-half-shift': lazy('seed-002', '128 concurrent ping-pongs across a 256-node QsNet fat tree',
    () => import('../../../scenarios/qsnet-256-half-shift.json', { with: { type: 'json' } })),
  'qsnet-64-mixed-stacks': lazy('seed-002', 'Portals and Tports at the same time on one 64-node QsNet',
    () => import('../../../scenarios/qsnet-64-mixed-stacks.json', { with: { type: 'json' } })),
  // The editor's templates (fabricTemplates.ts, workloadTemplates.ts), so already in the main chunk.
  'ompi-elan4-progress': inMainChunk('seed-001', fabricTemplate('qsnet2')),
  'ompi-elan4-dynamic': inMainChunk('seed-001', dynamicTemplate),
  'ompi-elan4-64-alltoall': inMainChunk('seed-001', alltoallTemplate),
  'ompi-elan4-256-exchange': inMainChunk('seed-001', exchangeTemplate),
  'pvfs2-elan4-listio': inMainChunk('seed-000', PVFS2_TEMPLATES['pvfs2-listio']),
  'pvfs2-mpi-tile-io': inMainChunk('seed-000', PVFS2_TEMPLATES['mpi-tile-io']),
  'pvfs2-btio': inMainChunk('seed-000', PVFS2_TEMPLATES.btio),
  'ib-verbs-pingpong': inMainChunk('seed-000', fabricTemplate('infiniband')),
  'via-sci-pingpong': inMainChunk('seed-003', fabricTemplate('sci-ringlet')),
  'npb-sci-8node-small': inMainChunk('seed-003', npbTemplate),
  'npb-sci-8node': lazy('seed-003',
    "NAS Parallel Benchmarks 2.3 on the seed's 8-node SCI cluster: MPI over SS-VIA against SCI-MPICH, M-VIA and TCP/IP",
    () => import('../../../scenarios/npb-sci-8node.json', { with: { type: 'json' } })),
  'fast-ethernet-16-half-shift': inMainChunk('seed-003', fabricTemplate('fast-ethernet')),
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
