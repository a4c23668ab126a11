/**
 * TypeScript shape of a scenario file (scenarios/scenario.schema.json is the authority; ajv checks it at
 * runtime in validateScenario.ts). Times in results are microseconds; MB/s means 10^6 bytes per second.
 * Fabric, NIC, protocol, operation and workload-kind ids are the core catalog's (core-wasm/js/coreCatalog.ts): the
 * assertions at the end of this file fail the typecheck when the workload union and the catalog's kinds differ.
 */
import type { Predict } from './predict';
import type { BreakdownTable } from './bridgeTypes';
import type { FabricId, NicId, OperationId, ProtocolId, WorkloadKind } from './coreCatalog';

/** A transport the workload runs over (schema `workload.series[]`); extra model options stay as in the file. */
export interface SeriesSpec {
  id: string;
  label?: string;
  protocol: ProtocolId;
  operation: OperationId;
  [option: string]: unknown;
}

/** The seed 002 §5 ping-pong sweep: `initiator` ↔ `target` for each of `sizes_bytes` over each series. */
export interface PingPongWorkload {
  kind: 'pingpong';
  initiator: number;
  target: number;
  pairing?: 'single' | 'half-shift';
  order?: 'receive-first' | 'send-first';
  warmup_iterations?: number;
  iterations?: number;
  sizes_bytes: number[];
  series: SeriesSpec[];
}

/** NAS Parallel Benchmarks 2.3 kernels (REFERENCES §1.7.1) the core runs, and their problem classes. */
export const NPB_BENCHMARKS = ['LU', 'MG', 'CG', 'EP', 'BT'] as const;
export const NPB_CLASSES = ['S', 'W', 'A', 'B'] as const;
export type NpbBenchmark = (typeof NPB_BENCHMARKS)[number];
export type NpbClass = (typeof NPB_CLASSES)[number];

/**
 * NAS runs (seed 003 "Execution Time of NPB"): each benchmark once on 1 process, then on `processes` nodes
 * (one MPI rank per node, rank r on node r) over each series' MPI (ss-via: MPI over SS-VIA, sci-mpich: SCI-MPICH).
 */
export interface NpbWorkload {
  kind: 'npb';
  processes: number;
  benchmarks: { benchmark: NpbBenchmark; class: NpbClass }[];
  series: SeriesSpec[];
}

/**
 * MPI_Alltoall on every node of the cluster (rank r on node r): each rank sends `bytes` to every other rank per
 * call, `iterations` calls (1 to 100, default 1), over each series' MPI layer (ompi on qsnet2; ss-via, sci-mpich,
 * m-via, tcp on sci-ringlet). Result: table `alltoall` (µs per call, aggregate MB/s) and histograms "alltoall/<id>".
 */
export interface AlltoallWorkload {
  kind: 'alltoall';
  bytes: number;
  iterations?: number;
  series: SeriesSpec[];
}

/**
 * MPI_Sendrecv across the bisection: every rank r (rank r on node r) exchanges `bytes` with rank (r + N/2) mod N,
 * both directions at once (MPICH 1.2: MPI_Irecv, MPI_Isend, MPI_Waitall), `iterations` times (1 to 100, default 1),
 * over each series' MPI layer; N even. Result: table `exchange` (µs per call, MB/s per node each way, aggregate MB/s)
 * and histograms "exchange/<id>".
 */
export interface ExchangeWorkload {
  kind: 'exchange';
  bytes: number;
  iterations?: number;
  series: SeriesSpec[];
}

/**
 * MPI-2 dynamic processes (seed 001 "Dynamic MPI-2 Process Pool"): `processes` ranks on nodes 0.. (context 0) run
 * ping-pongs while a new process starts on `join_node` at `join_at_us`, attaches to a spare context (the capability
 * has `contexts_per_node` per node), connects to `root`, ping-pongs `iterations` `bytes`-byte messages with it and
 * leaves; the others go on for `after_iterations`. Result: tables `dynamic-phases` (µs) and `dynamic-process`
 * (counts), histograms "dynamic/<series id>" and "dynamic/control".
 */
export interface DynamicWorkload {
  kind: 'dynamic';
  processes: number;
  contexts_per_node?: number;
  join_node: number;
  join_at_us?: number;
  root?: number;
  bytes?: number;
  iterations?: number;
  after_iterations?: number;
  series: SeriesSpec[];
}

/**
 * PVFS2 over Elan4 (seed 000): `clients` processes (nodes 0 .. clients-1) and `servers` I/O servers (the nodes after
 * them). pvfs2-listio: each client reads and writes `regions` noncontiguous regions per PVFS_sys_io call, `calls`
 * calls per phase, for each of `region_bytes`; mpi-tile-io: each process reads then writes one tile
 * (`tile_width` x `tile_height` elements of `element_bytes`) of a `tiles_x` x `tiles_y` dataset; btio: NAS BT of
 * `class` on the clients writing its solution every `wr_interval` steps, with ROMIO's hints `romio_cb_write`
 * (automatic | enable | disable: two-phase collective writes or each process's own list I/O), `cb_buffer_size` (B)
 * and `cb_nodes`. Every kind: `pvfs2_version`, the release whose defaults apply (1.0.1: TroveSyncData yes, MAX_REGIONS 16
 * and Trove's slot leak; 1.1.0, 1.2.0: TroveSyncData no, MAX_REGIONS 64). Series: the transfer methods (protocol
 * pvfs2-elan4, operations sg-lio, lio, iterative).
 */
/** The PVFS2 releases the model knows (protocols/pvfs2/pvfs2_run.cc pvfs2_versions). */
export const PVFS2_VERSIONS = ['1.0.1', '1.1.0', '1.2.0'] as const;
export type Pvfs2Version = (typeof PVFS2_VERSIONS)[number];

export interface Pvfs2Workload {
  kind: 'pvfs2-listio' | 'mpi-tile-io' | 'btio';
  servers?: number;
  clients?: number;
  pvfs2_version?: Pvfs2Version;
  regions?: number;
  calls?: number;
  region_bytes?: number[];
  tiles_x?: number;
  tiles_y?: number;
  tile_width?: number;
  tile_height?: number;
  element_bytes?: number;
  class?: NpbClass;
  wr_interval?: number;
  romio_cb_write?: 'automatic' | 'enable' | 'disable';
  cb_buffer_size?: number;
  cb_nodes?: number;
  series: SeriesSpec[];
}

export type Workload = PingPongWorkload | NpbWorkload | AlltoallWorkload | ExchangeWorkload | DynamicWorkload | Pvfs2Workload;

/** The workload as a ping-pong sweep, or null for any other kind (NAS runs, all-to-all: no initiator, target or sizes). */
export function pingPongOf(scenario: { workload: Workload }): PingPongWorkload | null {
  return scenario.workload.kind === 'pingpong' ? scenario.workload : null;
}

export interface ReferencePoint {
  bytes: number;
  latency_us?: number;
  bandwidth_MBps?: number;
  note?: string;
}

export interface ReferenceSeries {
  id: string;
  points: ReferencePoint[];
}

/** A breakdown table (the core's result type, bridgeTypes.ts): the paper's Tables 1 and 2 in a scenario file. */
export type { BreakdownTable } from './bridgeTypes';

/** What a walkthrough step points at: a node (and one of its parts) and/or a panel of the page. */
export interface WalkthroughHighlight {
  node?: number;
  component?: 'host' | 'pci' | 'nic' | 'link' | 'switch';
  panel?: 'cluster' | 'inspector' | 'sequence' | 'timeline' | 'latency' | 'bandwidth' | 'tables' | 'storage' | 'events';
}

/**
 * One step of a walkthrough: at `time_us` from the start of the run, or — with `message` — `time_us` after the
 * start of the `index`-th (0-based) message of series `series` with `bytes` payload (survives model changes).
 */
export interface WalkthroughStep {
  time_us: number;
  message?: { series?: string; bytes?: number; index?: number };
  highlight?: WalkthroughHighlight;
  text: string;
  cite?: string;
  /** Ask a prediction before the step's text and the run's answer show (core-wasm/js/predict.ts). */
  predict?: Predict;
}

export interface Walkthrough {
  id: string;
  title: string;
  steps: WalkthroughStep[];
}

/**
 * A node group (cluster.groups): nodes `nodes[0]`..`nodes[1]` (inclusive) run the protocol stack of workload series
 * `series`, at the same time as the other groups; `pair` is its ping-pong pair (single pairing only).
 */
export interface NodeGroup {
  nodes: [number, number];
  series: string;
  pair?: [number, number];
}

export interface Scenario {
  format: 'hpc-interconnect-scenario';
  version: 1;
  id: string;
  title?: string;
  description?: string;
  seed?: number;
  cluster: {
    fabric: FabricId;
    nodes: number;
    nic?: NicId;
    testbed?: string;
    rails?: number;
    /** Fat trees: switch radix each way (default 4, the Elite switches; 2 to 8 as what-if k-ary n-trees). */
    arity?: number;
    /** Fat trees: switch levels (default: the fewest that hold the nodes; spare levels idle, fatTreeLevels.ts). */
    levels?: number;
    /** Node groups (fat trees, ping-pong): each group's nodes run one series' stack, all groups at once. */
    groups?: NodeGroup[];
  };
  workload: Workload;
  parameters?: Record<string, number>;
  trace?: { max_records?: number; max_records_per_run?: number };
  reference?: {
    source?: string;
    series?: ReferenceSeries[];
    tables?: BreakdownTable[];
    checks?: { id: string; description: string; expected: number; unit?: string; tolerance?: number }[];
  };
  /** For teachers: learning goals, misconceptions the run answers, questions to ask (not simulation input). */
  teacher_notes?: { learning_goals?: string[]; misconceptions?: string[]; questions?: string[] };
  /** Classroom walkthroughs through the run (not simulation input). */
  walkthroughs?: Walkthrough[];
}

/**
 * MPI ranks of a job workload (rank r runs on node r): NAS runs' `processes`, an all-to-all's or an exchange's every
 * node, a dynamic
 * job's initial `processes` (the joining process, on its own node, is not counted); null for a ping-pong sweep,
 * which has an initiator and a target instead.
 */
export function mpiRanksOf(scenario: { workload: Workload; cluster: { nodes: number } }): number | null {
  const w = scenario.workload;
  return w.kind === 'npb' || w.kind === 'dynamic' ? w.processes : w.kind === 'alltoall' || w.kind === 'exchange' ? scenario.cluster.nodes : null;
}

/** A dynamic job's joining process: its node and the MPI rank it is given (the next after the initial ranks). */
export function joinerOf(scenario: { workload: Workload }): { node: number; rank: number } | null {
  const w = scenario.workload;
  return w.kind === 'dynamic' ? { node: w.join_node, rank: w.processes } : null;
}

/**
 * Nodes a sequence chart shows before any message is in view: the ping-pong pair, or every MPI rank's node
 * (rank r runs on node r). A dynamic job's joining node is not among them: it appears only with its messages.
 */
export function defaultLanes(scenario: { workload: Workload; cluster: { nodes: number } }): number[] {
  const w = scenario.workload;
  return w.kind === 'pingpong' ? [w.initiator, w.target] : Array.from({ length: mpiRanksOf(scenario) ?? 0 }, (_, r) => r);
}

/** Compile-time check that two unions are the same set: `true` only then. */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails the typecheck when a workload kind is enrolled in the core's catalog but has no shape here, or back. */
export const WORKLOAD_UNION_MATCHES_CATALOG: SameUnion<Workload['kind'], WorkloadKind> = true;
