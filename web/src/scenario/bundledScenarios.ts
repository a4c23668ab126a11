/**
 * The canonical scenarios shipped with the page besides the default, by id, so a short link can name one:
 * `#scenario=<id>` (with `&w=<walkthrough id>&step=<n>` to open one of its walkthroughs). Each file is a separate
 * chunk, fetched only when a link asks for it. Ids are the files' `id` fields (scenarios/<id>.json).
 */
import type { Scenario } from './scenarioTypes';
import { defaultScenario } from './defaultScenario';
import { fabricTemplate } from './fabricTemplates';
import { PVFS2_TEMPLATES, alltoallTemplate, dynamicTemplate, exchangeTemplate, npbTemplate } from './workloadTemplates';

type Loader = () => Promise<{ default: unknown }>;

const LOADERS: Record<string, Loader> = {
  'ompi-elan4-progress': async () => ({ default: fabricTemplate('qsnet2') }), // the editor's qsnet2 template, in the main chunk
  'via-sci-pingpong': async () => ({ default: fabricTemplate('sci-ringlet') }), // the editor's sci-ringlet template, in the main chunk
  'qsnet-256-half-shift': () => import('../../../scenarios/qsnet-256-half-shift.json', { with: { type: 'json' } }),
  'fast-ethernet-16-half-shift': async () => ({ default: fabricTemplate('fast-ethernet') }), // the editor's fast-ethernet template, in the main chunk
  // The editor's InfiniBand template (fabricTemplates.ts), so already in the main chunk.
  'ib-verbs-pingpong': async () => ({ default: fabricTemplate('infiniband') }),
  'qsnet-64-mixed-stacks': () => import('../../../scenarios/qsnet-64-mixed-stacks.json', { with: { type: 'json' } }),
  'npb-sci-8node': () => import('../../../scenarios/npb-sci-8node.json', { with: { type: 'json' } }),
  // Also the editor's NAS template (workloadTemplates.ts), so already in the main chunk.
  'npb-sci-8node-small': async () => ({ default: npbTemplate }),
  // The editor's all-to-all template too.
  'ompi-elan4-64-alltoall': async () => ({ default: alltoallTemplate }),
  // And the exchange template (MPI_Sendrecv across the bisection of 256 Elan4 nodes).
  'ompi-elan4-256-exchange': async () => ({ default: exchangeTemplate }),
  // And the MPI-2 dynamic processes template.
  'ompi-elan4-dynamic': async () => ({ default: dynamicTemplate }),
  // And seed 000's PVFS2 workloads (list I/O, MPI-Tile-IO, BT-IO).
  'pvfs2-elan4-listio': async () => ({ default: PVFS2_TEMPLATES['pvfs2-listio'] }),
  'pvfs2-mpi-tile-io': async () => ({ default: PVFS2_TEMPLATES['mpi-tile-io'] }),
  'pvfs2-btio': async () => ({ default: PVFS2_TEMPLATES.btio }),
};

/** Ids a `#scenario=` link accepts, the default's first. */
export const BUNDLED_SCENARIO_IDS: string[] = [defaultScenario.id, ...Object.keys(LOADERS)];

/**
 * The bundled scenario `id`. Rejects with an Error naming the known ids when there is none (a bad link), or when
 * the file's own `id` differs from the name it is registered under.
 */
export async function loadBundledScenario(id: string): Promise<Scenario> {
  if (id === defaultScenario.id) return defaultScenario;
  const loader = LOADERS[id];
  if (!loader) throw new Error(`Unknown scenario "${id}" in the link (known: ${BUNDLED_SCENARIO_IDS.join(', ')})`);
  const scenario = (await loader()).default as Scenario;
  if (scenario.id !== id) throw new Error(`Bundled scenario "${id}" has id "${scenario.id}"`);
  return scenario;
}
