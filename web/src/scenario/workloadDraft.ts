/**
 * The scenario editor's draft of the cluster and workload (form texts), and the scenario it builds.
 * A draft holds every kind's fields (ping-pong sweep: initiator, target, sizes, iterations; NAS runs: processes,
 * benchmarks with their class; all-to-all: bytes per pair, iterations; exchange: bytes each way, iterations; MPI-2 dynamic job: read-only, node count and series;
 * PVFS2 workloads: the node count, the series, each kind's shape (pvfs2Draft.ts: list I/O's regions, calls and sizes;
 * MPI-Tile-IO's tiles; BT-IO's class and dump interval) and BT-IO's ROMIO hint romio_cb_write); `kind` says which one is built. The built scenario is checked with the shared ajv
 * schema (validateScenario.ts); each schema error is mapped back to the field it names (`/cluster/nodes` →
 * `nodes`, `/workload/benchmarks/1` → the second chosen benchmark), plus the cross-field rules the schema cannot
 * state (initiator and target below the node count and distinct; processes at most the node count; the fat tree's
 * levels between the fewest that hold the nodes and the 4096-port bound, fatTreeLevels.ts). Pure.
 */
import { NPB_BENCHMARKS, type DynamicWorkload, type NpbBenchmark, type NpbClass, type Pvfs2Workload, type Scenario, type SeriesSpec } from '../../../core-wasm/js/scenarioTypes';
import { isPvfs2Scenario } from './pvfs2Workloads';
import { validateScenario } from '../../../core-wasm/js/validateScenario';
import { parseNumberField } from './parameterRules';
import { templateOf, type WorkloadKind } from './workloadTemplates';
import { isMpiLayer, MPI_LAYERS } from './mpiLayers';
import { isFatTree, maxNodes } from './fabrics';
import { levelsRuleError } from './fatTreeLevels';
import { buildGroups, groupDrafts, type GroupDraft } from './groupDraft';
import { pvfs2FieldOfPath, pvfs2Texts, withPvfs2Fields, type Pvfs2Field } from './pvfs2Draft';

export { seriesCatalogFor } from './workloadTemplates';

/** A field of the editor; `benchmark-<NAME>` is one NAS benchmark's row (its class). */
export type WorkloadField =
  | 'kind' | 'nodes' | 'initiator' | 'target' | 'sizes' | 'series' | 'warmup' | 'iterations'
  | 'processes' | 'benchmarks' | `benchmark-${NpbBenchmark}` | 'bytes' | 'arity' | 'levels' | 'groups' | `group-${number}`
  | 'romio' | `pvfs2-${Pvfs2Field}`;

/** ROMIO's romio_cb_write hint of a BT-IO workload (protocols/pvfs2/two_phase.h). */
export type RomioCbWrite = 'automatic' | 'enable' | 'disable';

export interface WorkloadDraft {
  kind: WorkloadKind;
  nodes: string;
  /** Fat-tree switch radix each way ("4": the Elite switches); ignored on the SCI ringlet. */
  arity: string;
  /** Fat-tree switch levels; "" for the fewest that hold the nodes (fatTreeLevels.ts); ignored on the SCI ringlet. */
  levels: string;
  initiator: string;
  target: string;
  /** Message sizes in bytes, separated by commas or spaces. */
  sizes: string;
  /** Ids of the series (from the catalog) that run. */
  series: string[];
  warmup: string;
  /** Ping-pong: measured iterations; all-to-all: MPI_Alltoall calls; exchange: MPI_Sendrecv calls. */
  iterations: string;
  /** NAS: MPI processes, one per node. */
  processes: string;
  /** NAS: the chosen benchmarks and their class, in NPB_BENCHMARKS order. */
  benchmarks: Partial<Record<NpbBenchmark, NpbClass>>;
  /** All-to-all: bytes each rank sends to each other rank per call; exchange: bytes each way per MPI_Sendrecv. */
  bytes: string;
  /** Node groups (fat-tree ping-pong only; groupDraft.ts): each runs one series' stack, all at once. */
  groups: GroupDraft[];
  /** MPI-2 dynamic job: its workload as in the file (read-only in the editor); set when the draft is of that kind. */
  dynamic?: DynamicWorkload;
  /** PVFS2 workload: as in the file; set when the draft is of a PVFS2 kind. */
  pvfs2?: Pvfs2Workload;
  /** PVFS2 workload: the form texts of its kind's fields (pvfs2Draft.ts); clients and servers stay the file's. */
  pvfs2Texts: Record<Pvfs2Field, string>;
  /** BT-IO: ROMIO's romio_cb_write hint ("automatic", ROMIO's default, when the file does not name it). */
  romioCbWrite: RomioCbWrite;
}

/** The PVFS2 workload of `w`, or null for any other kind. */
function pvfs2Of(w: Scenario['workload']): Pvfs2Workload | null {
  return isPvfs2Scenario({ workload: w }) ? (w as Pvfs2Workload) : null;
}

/** The scenario the draft builds on: `base` when the kind is unchanged, else that kind's template. */
export function baseOfDraft(base: Scenario, draft: WorkloadDraft): Scenario {
  return base.workload.kind === draft.kind ? base : templateOf(draft.kind, base);
}

/** The fabric the draft would run on: the scenario's when the kind is unchanged, else that kind's template's. */
export function fabricOfDraft(base: Scenario, draft: WorkloadDraft): Scenario['cluster']['fabric'] {
  return baseOfDraft(base, draft).cluster.fabric;
}

/** Series the editor offers: the default scenario's, then any other of the current scenario. */
export function seriesCatalog(base: SeriesSpec[], current: SeriesSpec[]): SeriesSpec[] {
  const out = [...base];
  for (const s of current) if (!out.some((b) => b.id === s.id)) out.push(s);
  return out;
}

/** The draft of `s`; the fields of the other kind come from that kind's template (workloadTemplates.ts). */
export function draftFromScenario(s: Scenario): WorkloadDraft {
  const w = s.workload;
  const pp = w.kind === 'pingpong' ? w : (templateOf('pingpong').workload as Extract<typeof w, { kind: 'pingpong' }>);
  const npb = w.kind === 'npb' ? w : (templateOf('npb').workload as Extract<typeof w, { kind: 'npb' }>);
  const a2a = w.kind === 'alltoall' || w.kind === 'exchange' ? w : (templateOf('alltoall').workload as Extract<typeof w, { kind: 'alltoall' }>);
  return {
    kind: w.kind,
    nodes: String(s.cluster.nodes),
    arity: String(s.cluster.arity ?? 4),
    levels: s.cluster.levels === undefined ? '' : String(s.cluster.levels),
    groups: groupDrafts(s.cluster.groups),
    initiator: String(pp.initiator),
    target: String(pp.target),
    sizes: pp.sizes_bytes.join(', '),
    series: w.series.map((x) => x.id),
    warmup: String(pp.warmup_iterations ?? 1),
    iterations: String(w.kind === 'alltoall' || w.kind === 'exchange' ? (w.iterations ?? 1) : (pp.iterations ?? 2)),
    processes: String(npb.processes),
    benchmarks: Object.fromEntries(npb.benchmarks.map((b) => [b.benchmark, b.class])),
    bytes: String(a2a.bytes),
    ...(w.kind === 'dynamic' && { dynamic: w }),
    ...(pvfs2Of(w) && { pvfs2: pvfs2Of(w)! }),
    pvfs2Texts: pvfs2Texts(pvfs2Of(w) ?? { kind: 'pvfs2-listio', series: [] }),
    romioCbWrite: pvfs2Of(w)?.romio_cb_write ?? 'automatic',
  };
}

/**
 * The draft after choosing workload `kind` while editing `base`: back to `base`'s own node count, series and
 * iterations when it is of that kind, else the template's (NAS runs need the template's 8-node SCI ringlet; an
 * all-to-all keeps an SCI cluster, else runs on the template's 64 Elan4 nodes: workloadTemplates.ts).
 */
export function switchKind(draft: WorkloadDraft, kind: WorkloadKind, base: Scenario): WorkloadDraft {
  if (kind === draft.kind) return draft;
  const from = base.workload.kind === kind ? base : templateOf(kind, base);
  const w = from.workload;
  const iterations = w.kind === 'alltoall' || w.kind === 'exchange' ? (w.iterations ?? 1) : w.kind === 'pingpong' ? (w.iterations ?? 2) : null;
  return {
    ...draft, kind, nodes: String(from.cluster.nodes), series: w.series.map((s) => s.id),
    ...(iterations !== null && { iterations: String(iterations) }),
    ...(w.kind === 'dynamic' && { dynamic: w }),
    ...(pvfs2Of(w) && { pvfs2: pvfs2Of(w)!, pvfs2Texts: pvfs2Texts(pvfs2Of(w)!), romioCbWrite: pvfs2Of(w)!.romio_cb_write ?? 'automatic' }),
  };
}

/** The chosen benchmarks of a draft, as the scenario lists them (NPB_BENCHMARKS order). */
export function chosenBenchmarks(draft: WorkloadDraft): { benchmark: NpbBenchmark; class: NpbClass }[] {
  return NPB_BENCHMARKS.filter((b) => draft.benchmarks[b] !== undefined).map((b) => ({ benchmark: b, class: draft.benchmarks[b]! }));
}

/**
 * The editor field named by an error path, schema style (`/workload/benchmarks/0/class`) or core style
 * (`workload.benchmarks/0`, `cluster.nodes`), or null when no field shows it. Benchmark indices refer to
 * `draft`'s chosen benchmarks.
 */
export function fieldOfPath(path: string, draft: WorkloadDraft): WorkloadField | null {
  const p = path.replace(/^\//, '').replace(/[./]/g, '/');
  const bench = /^workload\/benchmarks\/(\d+)/.exec(p);
  const group = /^cluster\/groups\/(\d+)/.exec(p);
  if (group) return `group-${Number(group[1])}`;
  if (/^cluster\/groups/.test(p)) return 'groups';
  if (bench) return `benchmark-${chosenBenchmarks(draft)[Number(bench[1])]?.benchmark ?? NPB_BENCHMARKS[0]}` as WorkloadField;
  const pvfs2Field = pvfs2FieldOfPath(p);
  if (pvfs2Field) return `pvfs2-${pvfs2Field}`;
  const table: [RegExp, WorkloadField][] = [
    [/^cluster\/nodes/, 'nodes'], [/^cluster\/arity/, 'arity'], [/^cluster\/levels/, 'levels'], [/^cluster/, 'kind'], [/^workload\/kind/, 'kind'],
    [/^workload\/initiator/, 'initiator'], [/^workload\/target/, 'target'], [/^workload\/sizes_bytes/, 'sizes'],
    [/^workload\/series/, 'series'], [/^workload\/warmup_iterations/, 'warmup'], [/^workload\/iterations/, 'iterations'],
    [/^workload\/processes/, 'processes'], [/^workload\/benchmarks/, 'benchmarks'], [/^workload\/bytes/, 'bytes'],
    [/^workload\/romio_cb_write/, 'romio'],
    // A PVFS2 workload's clients and servers are not editor fields (the file sets them); their rule is with the node
    // count ("4 clients and 4 servers need 8 nodes, the cluster has 3"), which is the field that fixes it.
    [/^workload\/(clients|servers)/, 'nodes'],
  ];
  return table.find(([re]) => re.test(p))?.[1] ?? null;
}

/** A number field's text as a number; text that is not a number is kept so the schema names it. */
function numberOrText(text: string): number | string {
  return parseNumberField(text) ?? text;
}

export interface DraftCheck {
  scenario: Scenario | null;
  errors: Partial<Record<WorkloadField, string>>;
  /** A schema error that names no editor field (shown above the form). */
  other: string | null;
}

/** The workload object the draft describes, on top of `from`'s (a scenario of the draft's kind). */
function workloadOf(from: Scenario, draft: WorkloadDraft, series: SeriesSpec[], sizes: (number | string)[]): Record<string, unknown> {
  if (draft.kind === 'npb') {
    return { ...from.workload, processes: numberOrText(draft.processes), benchmarks: chosenBenchmarks(draft), series };
  }
  if (draft.kind === 'dynamic') {
    // Shown read-only in the editor (edit the scenario file): the file's workload with the chosen series.
    return { ...from.workload, series };
  }
  if (draft.kind === 'alltoall' || draft.kind === 'exchange') {
    return { ...from.workload, bytes: numberOrText(draft.bytes), iterations: numberOrText(draft.iterations), series };
  }
  const pvfs2 = pvfs2Of(from.workload);
  if (pvfs2) {
    // The file's PVFS2 workload with the edited fields and the chosen series; BT-IO's hint is written when the file
    // names it or it differs from ROMIO's default, so an unedited scenario builds the same text.
    const hint = draft.kind === 'btio' && (pvfs2.romio_cb_write !== undefined || draft.romioCbWrite !== 'automatic');
    return { ...withPvfs2Fields(pvfs2, draft.pvfs2Texts), series, ...(hint && { romio_cb_write: draft.romioCbWrite }) };
  }
  return {
    ...from.workload,
    initiator: numberOrText(draft.initiator),
    target: numberOrText(draft.target),
    sizes_bytes: sizes,
    series,
    warmup_iterations: numberOrText(draft.warmup),
    iterations: numberOrText(draft.iterations),
  };
}

/**
 * Builds the scenario from `base` (kept: id, title, reference, trace, ...; when the draft's kind differs, from
 * that kind's template instead, since walkthroughs and references describe one workload), the draft and
 * `parameters`, then validates it. `scenario` is null when any rule is broken.
 */
export function buildScenario(base: Scenario, draft: WorkloadDraft, catalog: SeriesSpec[], parameters: Record<string, number> | undefined): DraftCheck {
  const errors: Partial<Record<WorkloadField, string>> = {};
  const from = base.workload.kind === draft.kind ? base : templateOf(draft.kind, base);
  const sizeTexts = draft.sizes.split(/[\s,]+/).filter((t) => t !== '');
  const sizes = sizeTexts.map(numberOrText);
  if (draft.kind === 'pingpong') {
    if (sizeTexts.length === 0) errors.sizes = 'must list at least one size in bytes';
    else if (sizes.some((v) => typeof v !== 'number')) errors.sizes = 'must be numbers of bytes separated by commas';
  } else if (draft.kind === 'npb' && chosenBenchmarks(draft).length === 0) errors.benchmarks = 'must run at least one NAS benchmark';
  const series = catalog.filter((s) => draft.series.includes(s.id));
  if (series.length === 0) errors.series = 'must run at least one series';
  const fatTree = isFatTree(from.cluster.fabric);
  const { levels: _fromLevels, groups: _fromGroups, ...fromCluster } = from.cluster;
  const grouped = fatTree && draft.kind === 'pingpong' && draft.groups.length > 0;
  const groups = buildGroups(grouped ? draft.groups : []);
  for (const [i, e] of Object.entries(groups.errors)) errors[`group-${Number(i)}`] = e;
  const candidate: Record<string, unknown> = {
    ...from,
    cluster: {
      ...fromCluster,
      nodes: numberOrText(draft.nodes),
      // The radix travels only when it differs from the Elite switches' 4 (or the scenario named it).
      ...(fatTree && (draft.arity.trim() !== '4' || from.cluster.arity !== undefined)
        ? { arity: numberOrText(draft.arity) }
        : {}),
      // The levels travel only when chosen (empty: the fewest that hold the nodes).
      ...(fatTree && draft.levels.trim() !== '' ? { levels: numberOrText(draft.levels) } : {}),
      // The groups travel only when there are any (fat-tree ping-pong sweeps).
      ...(grouped ? { groups: groups.groups } : {}),
    },
    workload: workloadOf(from, draft, series, sizes),
  };
  delete candidate.parameters;
  if (parameters) candidate.parameters = parameters;
  let other: string | null = null;
  const checked = validateScenario(candidate);
  if (!checked.ok) {
    const [path, ...rest] = checked.error.split(': ');
    const field = fieldOfPath(path, draft);
    // A list field's entry (/workload/sizes_bytes/3): say which, the field holds them all.
    const entry = field === 'sizes' || field === 'pvfs2-region_bytes' ? /\/(\d+)$/.exec(path) : null;
    if (field && !errors[field]) errors[field] = `${entry ? `size ${Number(entry[1]) + 1}: ` : ''}${rest.join(': ')}`;
    else if (!field) other = checked.error;
  } else {
    const { cluster, workload } = checked.scenario;
    // The schema bounds every fabric at its largest (4096); each fabric's own bound comes from the catalog.
    const most = maxNodes(cluster.fabric);
    if (cluster.nodes > most) errors.nodes = `must be <= ${most} on ${cluster.fabric}`;
    if (cluster.levels !== undefined) {
      const rule = levelsRuleError(cluster.arity ?? 4, cluster.levels, cluster.nodes);
      if (rule) errors.levels = rule;
    }
    if (workload.kind === 'pingpong') {
      if (workload.initiator >= cluster.nodes) errors.initiator = `must be below the node count (${cluster.nodes})`;
      if (workload.target >= cluster.nodes) errors.target = `must be below the node count (${cluster.nodes})`;
      if (workload.target === workload.initiator) errors.target = 'must differ from the initiator';
    } else if (workload.kind === 'alltoall' || workload.kind === 'exchange') {
      const i = workload.series.findIndex((x) => !isMpiLayer(cluster.fabric, x.protocol));
      if (i >= 0) errors.series = `${workload.series[i].label ?? workload.series[i].id}: ${workload.series[i].protocol} is no MPI layer on ${cluster.fabric} (${MPI_LAYERS[cluster.fabric].join(', ') || 'none'})`;
      if (workload.kind === 'exchange' && cluster.nodes % 2 !== 0) errors.nodes = 'must be even: node i exchanges with node i + N/2';
    } else if (workload.kind === 'dynamic') {
      if (workload.processes > cluster.nodes) errors.nodes = `must be at least the initial MPI processes (${workload.processes})`;
      else if (workload.join_node >= cluster.nodes) errors.nodes = `must be above the joining process's node (${workload.join_node})`;
    } else if (workload.kind === 'npb' && workload.processes > cluster.nodes) {
      errors.processes = `must be at most the node count (${cluster.nodes}): one MPI process per node`;
    }
  }
  const ok = checked.ok && Object.keys(errors).length === 0 && other === null;
  return { scenario: ok && checked.ok ? checked.scenario : null, errors, other };
}
