/**
 * The scenario each workload kind starts from when the editor switches kinds: ping-pong = the ping-pong template of
 * the edited cluster's fabric (fabricTemplates.ts; the default scenario, seed 002, on QsNet), NAS = npb-sci-8node-small (seed 003's 8-node SCI cluster, class S, both MPI transports),
 * all-to-all = ompi-elan4-64-alltoall (seed 001's 64 Elan4 nodes, Open MPI by RDMA write and by RDMA read) or, when
 * the edited scenario's fabric has other MPI layers (the SCI ringlet, a Fast Ethernet), the same workload on that
 * cluster with those layers.
 * The NAS runs need the SCI ringlet (the core refuses `npb` on any other fabric); an all-to-all needs an MPI layer
 * (mpiLayers.ts), which the Elan3 QsNet has not. MPI-2 dynamic processes = ompi-elan4-dynamic (seed 001).
 * Exchange (MPI_Sendrecv across the bisection) = ompi-elan4-256-exchange (256 Elan4 nodes), or on the SCI ringlet
 * like the all-to-all. The PVFS2 kinds (seed 000, no editor fields yet) start from their bundled scenarios.
 */
import npbSmall from '../../../scenarios/npb-sci-8node-small.json' with { type: 'json' };
import alltoall64 from '../../../scenarios/ompi-elan4-64-alltoall.json' with { type: 'json' };
import dynamicElan4 from '../../../scenarios/ompi-elan4-dynamic.json' with { type: 'json' };
import exchange256 from '../../../scenarios/ompi-elan4-256-exchange.json' with { type: 'json' };
import pvfs2Listio from '../../../scenarios/pvfs2-elan4-listio.json' with { type: 'json' };
import pvfs2TileIo from '../../../scenarios/pvfs2-mpi-tile-io.json' with { type: 'json' };
import pvfs2Btio from '../../../scenarios/pvfs2-btio.json' with { type: 'json' };
import type { Scenario, SeriesSpec } from '../../../core-wasm/js/scenarioTypes';
import { defaultScenario } from './defaultScenario';
import { isMpiLayer } from './mpiLayers';
import { fabricTemplate } from './fabricTemplates';
import { fabricLabel, protocolEntry } from '../../../core-wasm/js/coreCatalog';

export type WorkloadKind = Scenario['workload']['kind'];

export const npbTemplate: Scenario = npbSmall as Scenario;
export const alltoallTemplate: Scenario = alltoall64 as Scenario;
/** MPI_Sendrecv between node i and i + N/2 on 256 Elan4 nodes, both ways at once (every link of the tree busy). */
export const exchangeTemplate: Scenario = exchange256 as Scenario;
/** MPI-2 dynamic processes: ompi-elan4-dynamic (seed 001, 8 Elan4 nodes, a process joins on node 6 and leaves). */
export const dynamicTemplate: Scenario = dynamicElan4 as Scenario;

/**
 * The all-to-all template for a cluster like `base`'s: on the SCI ringlet, `base`'s cluster with the NAS template's
 * four MPI transports (SS-VIA, SCI-MPICH, M-VIA, TCP/IP); on any other fabric the 64-node Elan4 scenario.
 */
export function alltoallTemplateFor(base: Scenario | undefined): Scenario {
  return onBaseCluster(alltoallTemplate, base, 'alltoall', 'MPI_Alltoall');
}

/** The exchange template for a cluster like `base`'s, as alltoallTemplateFor chooses (an odd ringlet keeps its nodes). */
export function exchangeTemplateFor(base: Scenario | undefined): Scenario {
  return onBaseCluster(exchangeTemplate, base, 'exchange', 'MPI_Sendrecv across the bisection');
}

/**
 * `template` (an MPI job) as it is, or, when some of the NAS template's transports (seed 003's MPI layers) run on
 * `base`'s fabric (the SCI ringlet, a Fast Ethernet: mpiLayers.ts, from the catalog), on `base`'s cluster with those.
 */
function onBaseCluster(template: Scenario, base: Scenario | undefined, suffix: string, what: string): Scenario {
  const series = base ? npbTemplate.workload.series.filter((s) => isMpiLayer(base.cluster.fabric, s.protocol)) : [];
  if (!base || series.length === 0) return template;
  const { description: _omitted, ...rest } = template;
  const transports = series.map((s) => protocolEntry(s.protocol)?.label ?? s.protocol).join(', ');
  return {
    ...rest,
    id: `${base.id}-${suffix}`,
    title: `${what} on the ${base.cluster.nodes}-node ${fabricLabel(base.cluster.fabric)} (${transports})`,
    cluster: { ...base.cluster },
    workload: { ...template.workload, series } as Scenario['workload'],
  };
}

/**
 * The template scenario of `kind`; for an all-to-all, on `base`'s fabric when it has MPI layers; for a ping-pong,
 * `base`'s fabric's (fabricTemplates.ts), so the series offered are the stacks that fabric's NICs run.
 */
/** PVFS2 workloads' templates by kind: seed 000's three scenarios. */
export const PVFS2_TEMPLATES = { 'pvfs2-listio': pvfs2Listio, 'mpi-tile-io': pvfs2TileIo, btio: pvfs2Btio } as Record<string, unknown> as Record<'pvfs2-listio' | 'mpi-tile-io' | 'btio', Scenario>;

export function templateOf(kind: WorkloadKind, base?: Scenario): Scenario {
  if (kind === 'pingpong') return base ? fabricTemplate(base.cluster.fabric) : defaultScenario;
  return kind === 'npb' ? npbTemplate
    : kind === 'alltoall' ? alltoallTemplateFor(base)
    : kind === 'exchange' ? exchangeTemplateFor(base)
    : kind === 'dynamic' ? dynamicTemplate
    : (PVFS2_TEMPLATES[kind] as Scenario);
}

/**
 * Series the editor offers: the template's of that kind, then any other of `current` (when of that kind; for an
 * all-to-all or an exchange, any of `current`'s series whose protocol is an MPI layer of its fabric).
 */
export function seriesCatalogFor(kind: WorkloadKind, current: Scenario): SeriesSpec[] {
  const template = templateOf(kind, current);
  const out = [...template.workload.series];
  const mine =
    current.workload.kind === kind ? current.workload.series
    : kind === 'alltoall' || kind === 'exchange' ? current.workload.series.filter((s) => isMpiLayer(template.cluster.fabric, s.protocol))
    : [];
  for (const s of mine) if (!out.some((b) => b.id === s.id)) out.push(s);
  return out;
}
