/**
 * Shapes crossing the worker boundary and the core's JSON outputs
 * (contract: core-wasm/src/wasm/README.md).
 */

/** A breakdown table: rows × columns of numbers in `unit` (the paper's Tables 1 and 2, or the run's result tables). */
export interface BreakdownTable {
  id: string;
  label?: string;
  unit?: string;
  columns: string[];
  rows: { label: string; values: number[] }[];
}

/** The 8 trace columns of the bridge, as typed arrays of equal length (README "Trace batch columns"). */
export interface TraceColumnArrays {
  t_start_ps: Float64Array;
  t_end_ps: Float64Array;
  kind: Uint32Array;
  component: Uint32Array;
  message: Uint32Array;
  bytes: Uint32Array;
  value: Int32Array;
  /**
   * Per record: its causal predecessor's number (index + 1 in recording order from the run's first record; 0 = none):
   * the latest record written along the causal chain of the event that wrote it (kernel/trace.h).
   */
  cause: Uint32Array;
}

/** One batch of trace records as the bridge hands it over (all columns of length n). */
export interface TraceBatch extends TraceColumnArrays {
  n: number;
}

/** A run's trace records so far (a TraceStore's first `length` entries, or a run's whole trace joined). */
export interface TraceColumnsView extends TraceColumnArrays {
  length: number;
}

export interface TopologyComponent {
  id: number;
  kind: 'host' | 'pci' | 'nic' | 'switch';
  name: string;
  node?: number;
  level?: number;
  index?: number;
  /**
   * The network a component belongs to when it is not a fat tree's or a ringlet's: `"ethernet"` (seed 003's Fast
   * Ethernet), `"infiniband"` (seed 000's InfiniHost HCAs and InfiniScale switch), on their own or as a second network
   * of the same nodes; absent for the main fat tree or ringlet.
   */
  network?: string;
  /** Display name, e.g. "Fast Ethernet switch". */
  label?: string;
  /** Hosts of a grouped run: the index of the node group they belong to (Topology.groups). */
  group?: number;
  /** QsNet / QsNetII buses, NICs and switches: the rail they are on (0-based). */
  rail?: number;
}

export interface TopologyLink {
  id: number;
  from: number;
  to: number;
  kind: 'link' | 'pci' | 'ring';
  bandwidth_MBps?: number;
}

/** A PCI or PCI-X bus as the core built it (from the run's pci.clock_MHz and pci.width_bytes). */
export interface BusFacts {
  name: string;
  width_bits: number;
  clock_MHz: number;
  /** Data rate, clock × width, MB/s (10^6 B/s). */
  MBps: number;
}

/**
 * What one network's header says of it (core-wasm/app/wasm/README.md "Topology JSON"): the facts the page shows
 * rather than derives. `fabric` and `nic` are catalog ids (core-wasm/js/coreCatalog.ts gives their labels).
 */
export interface NetworkHeader {
  fabric: string;
  nic?: string;
  nodes: number;
  levels: number;
  arity: number;
  /** QsNet / QsNetII: rails (1 or 2). */
  rails?: number;
  /** One link direction, MB/s (10^6 B/s). */
  link_MBps?: number;
  /** The switch model ("Elite", "Elite4", "store-and-forward Fast Ethernet switch"); absent on the SCI ringlet. */
  switch?: string;
  bus?: BusFacts;
}

export interface Topology extends NetworkHeader {
  /** Side networks of the same nodes, by their components' `network` tag (seed 003's "ethernet"). */
  networks?: Record<string, NetworkHeader>;
  /** Node groups of a grouped run (cluster.groups): nodes [first, last], the series they run and its index. */
  groups?: { nodes: [number, number]; series: string; label: string; series_index: number }[];
  components: TopologyComponent[];
  links: TopologyLink[];
}

/**
 * Entry of hs_trace_kinds_json(): `values` names the value codes (a map code → name, or a string saying what
 * the value measures; lists are read too, see traceKinds.ts). `value` is accepted as an older spelling.
 */
export interface TraceKindInfo {
  kind: number;
  name: string;
  values?: unknown;
  value?: unknown;
}

/** Entry of hs_parameters_json(): the model parameter registry. */
export interface ParameterInfo {
  name: string;
  unit?: string;
  default?: number;
  min?: number;
  max?: number;
  /** True when only whole numbers are allowed (counts, cycles, bytes). */
  integer?: boolean;
  description?: string;
  source?: string;
  /** Defaults of the testbeds whose measured machine differs from `default`, by testbed id. */
  testbeds?: Record<string, number>;
  /** Where each of `testbeds`' values comes from, by testbed id (the registry's `source` is for `default`). */
  testbed_sources?: Record<string, string>;
}

/** One measured point of a result series: latency in µs, bandwidth in MB/s (10^6 B/s). */
export interface ResultPoint {
  bytes: number;
  latency_us?: number;
  bandwidth_MBps?: number;
}

export interface ResultSeries {
  id: string;
  label?: string;
  points: ResultPoint[];
}

/** hs_result_json() after normalisation (see normalizeResult.ts). */
/**
 * Message sizes one (workload, transport) sent: `id` is "pingpong/<series id>" or, for NAS runs,
 * "<benchmark>.<class>/<series id>" ("CG.S/ss-via"; "/1-process" has none); `bytes` = MPI payload, `count` = messages.
 */
export interface MessageHistogram {
  id: string;
  histogram: { bytes: number; count: number }[];
}

export interface SimResult {
  series: ResultSeries[];
  tables: BreakdownTable[];
  /** `message_histograms` of the result JSON (empty when the core gives none). */
  histograms: MessageHistogram[];
  fingerprint?: string;
  events?: number;
  /** Why the run ended with work unfinished (the result JSON's `stalled`, e.g. PVFS2 1.0.1's Trove slot leak). */
  stalled?: string;
  /** The run stopped early at a bound (the result JSON's `bounded`; in the page, the memory budget). */
  bounded?: { reason: string; sim_time_us: number; events: number; memory_mib?: number };
  raw: unknown;
}

/**
 * `message`: after `done`, asks the kept session for hs_message_json(message) (one message's headers layer by
 * layer); the worker answers with a `message` reply carrying the same `requestId`.
 */
export type ToWorker =
  /** `trace: false`: drain the trace without posting it (a parameter study needs only the result). */
  /**
   * `memoryBudgetMib`: stop the run, bounded (reason "memory"), once the core's memory passes this many MiB instead of
   * the worker's own budget (the core's 4,096 MiB less a margin); the page's test hook sets it (e2e/failures.spec.ts).
   */
  /**
   * `part`: run only that part of a workload with parts (core-wasm/app/run/session.h) on the worker's kept core; `done`
   * then carries the part's result text (CoreBridge.partResultText) for `merge`, and the worker keeps the part's
   * session, retired, for `message` requests naming it.
   */
  | { type: 'start'; scenarioText: string; wasmUrl: string; trace?: boolean; memoryBudgetMib?: number; part?: number }
  | { type: 'cancel' }
  /** `part`: ask the session of that part run (its local message id), not the worker's last whole run. */
  | { type: 'message'; requestId: number; message: number; part?: number }
  /** How many parts a scenario's run has (CoreBridge.parts), on the worker's kept core: reply `parts`. */
  | { type: 'parts'; requestId: number; scenarioText: string; wasmUrl: string }
  /** The run's result text from every part's result text in part order (CoreBridge.merge): reply `merged`. */
  | { type: 'merge'; requestId: number; scenarioText: string; wasmUrl: string; parts: string[] }
  /** Asks the core whether it accepts a scenario (hs_create, then hs_destroy): the editor's check of rules only the core knows. */
  | { type: 'check'; requestId: number; scenarioText: string; wasmUrl: string };

export type FromWorker =
  | { type: 'ready'; kinds: TraceKindInfo[]; parameters: ParameterInfo[] }
  /**
   * The core's topology JSON text (README "Topology JSON"), parsed by the receiver: in Chromium a 1,024-node topology
   * (1 MB of JSON) crossed postMessage as text and JSON.parse in 6-12 ms, and as the parsed object's structured clone
   * in 12-47 ms, the first one in the page's main thread while its run computes (2026-11-28).
   */
  | { type: 'topology'; topologyJson: string }
  | { type: 'trace'; batch: TraceBatch }
  | { type: 'progress'; now_ps: number; events: number; /** share of the workload done, 0-1; -1: unknown */ fraction: number }
  | { type: 'done'; resultText: string; now_ps: number; events: number }
  | { type: 'cancelled'; now_ps: number; events: number }
  /** Reply to a `message` request: the core's JSON, or null when this core has no hs_message_json (or no session). */
  | { type: 'message'; requestId: number; json: string | null }
  /** Reply to `parts`: the count, or -1 when the core refused the scenario or did not load. */
  | { type: 'parts'; requestId: number; count: number }
  /** Reply to `merge`: the run's result text, or null with `error` when the core refused the parts. */
  | { type: 'merged'; requestId: number; resultText: string | null; error: string | null }
  /** Reply to `check`: the core's error naming the field (`workload.benchmarks/0: ...`), or null when accepted. */
  | { type: 'checked'; requestId: number; error: string | null }
  /** `phase`: load = the core module failed to load, create = hs_create refused the scenario, run = later. */
  | { type: 'error'; message: string; phase: 'load' | 'create' | 'run' };
