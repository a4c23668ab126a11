/**
 * The one TypeScript bridge to the core's exported C functions (core-wasm/app/wasm/bridge.cc, contract in
 * core-wasm/app/wasm/README.md), after Perfetto's ui/src/engine/wasm_bridge.ts. The page's worker
 * (worker/sim.worker.ts), the CLI and the bench (core-wasm/cli/engines.ts) and the Node tests all drive the core
 * through `CoreBridge`; nothing else names an `hs_*` function.
 *
 * `CORE_EXPORTS` lists every export with its ccall signature; core-wasm/test/node/boundary_contract.test.ts fails
 * when it differs from core-wasm/cmake/wasm.cmake's EXPORTED_FUNCTIONS or from bridge.cc's HS_EXPORT functions.
 * Works in a Web Worker and under Node (no DOM, no Node built-ins).
 */
import type { ParameterInfo, Topology, TraceBatch, TraceKindInfo } from './bridgeTypes';
import type { CoreCatalog } from './coreCatalog';

type CType = 'number' | 'string';

/** Every exported C function: return type (null = void) and argument types, as ccall takes them. */
export const CORE_EXPORTS = {
  // The scenario text goes in by pointer (malloc'd by `create`): ccall's 'string' copies onto the 64 KiB stack.
  hs_create: { returns: 'number', args: ['number'] },
  hs_last_error: { returns: 'string', args: [] },
  hs_run: { returns: 'number', args: ['number', 'number'] },
  hs_run_until: { returns: 'number', args: ['number', 'number', 'number'] },
  hs_now_ps: { returns: 'number', args: ['number'] },
  hs_events: { returns: 'number', args: ['number'] },
  hs_fraction_done: { returns: 'number', args: ['number'] },
  hs_trace_take: { returns: 'number', args: ['number', 'number'] },
  hs_trace_column: { returns: 'number', args: ['number', 'number'] },
  hs_result_json: { returns: 'string', args: ['number'] },
  hs_topology_json: { returns: 'string', args: ['number'] },
  hs_message_json: { returns: 'string', args: ['number', 'number'] },
  hs_trace_kinds_json: { returns: 'string', args: [] },
  hs_parameters_json: { returns: 'string', args: [] },
  hs_catalog_json: { returns: 'string', args: [] },
  hs_destroy: { returns: null, args: ['number'] },
  hs_create_part: { returns: 'number', args: ['number', 'number'] },
  hs_parts: { returns: 'number', args: ['number'] },
  hs_part_result_json: { returns: 'string', args: ['number'] },
  hs_retire: { returns: null, args: ['number'] },
  hs_merge: { returns: 'string', args: ['number', 'number'] },
} as const satisfies Record<string, { returns: CType | null; args: readonly CType[] }>;

export type CoreExport = keyof typeof CORE_EXPORTS;

/**
 * The trace batch columns of hs_trace_column, in column order: name and bytes per record (README "Trace batch
 * columns"). Column i of a batch of n records is `n * bytes` bytes at hs_trace_column(id, i).
 */
export const TRACE_COLUMNS = [
  { name: 't_start_ps', bytes: 8 },
  { name: 't_end_ps', bytes: 8 },
  { name: 'kind', bytes: 4 },
  { name: 'component', bytes: 4 },
  { name: 'message', bytes: 4 },
  { name: 'bytes', bytes: 4 },
  { name: 'value', bytes: 4 },
  { name: 'cause', bytes: 4 },
] as const;

/** What an Emscripten module built with core-wasm/cmake/wasm.cmake offers (MODULARIZE, ccall, HEAPU8). */
export interface EmscriptenCore {
  ccall(name: string, returns: CType | null, args: readonly CType[], values: unknown[]): unknown;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  HEAPU8?: Uint8Array;
  wasmMemory?: WebAssembly.Memory;
  wasmExports?: { memory?: WebAssembly.Memory };
}

/** hs_run's answer: more to run, finished, or failed (then `lastError()`). */
export type RunSliceStatus = 'more' | 'finished' | 'failed';

/** Thrown by `runToEnd` and `check`-style calls: the core's one-line error naming the field. */
export class CoreError extends Error {}

/**
 * The most memory a core module may grow to, MiB: wasm32's whole 4 GiB (`-sMAXIMUM_MEMORY=4GB` in
 * core-wasm/cmake/wasm.cmake; core-wasm/test/node/boundary_contract.test.ts checks they agree). The page's and the
 * CLI's memory budgets keep a margin below it (issue 39 item 2).
 */
export const CORE_MAX_MEMORY_MIB = 4096;

/** Typed wrappers over the exports of one loaded core module. */
export class CoreBridge {
  constructor(readonly module: EmscriptenCore) {}

  /** Calls export `name` with `values` (types checked by CORE_EXPORTS at compile time by the wrappers below). */
  private call(name: CoreExport, ...values: (string | number)[]): unknown {
    const sig = CORE_EXPORTS[name];
    return this.module.ccall(name, sig.returns, sig.args, values);
  }

  /** Whether this build exports `name` (an older core may lack hs_message_json). */
  has(name: CoreExport): boolean {
    return typeof (this.module as unknown as Record<string, unknown>)[`_${name}`] === 'function';
  }

  /**
   * A new session for the scenario's JSON text: its id (> 0), or 0 when refused (then `lastError()`). The text is
   * copied as NUL-terminated UTF-8 into heap memory (any size: a 10 MB file once overflowed the stack copy that
   * ccall's 'string' makes) and freed after the call.
   */
  create(scenarioText: string): number {
    return this.withText(scenarioText, (pointer) => this.call('hs_create', pointer) as number);
  }

  /** `text` as NUL-terminated UTF-8 in heap memory for the length of `use` (see create). */
  private withText<R>(text: string, use: (pointer: number) => R): R {
    const bytes = new TextEncoder().encode(text);
    const pointer = this.module._malloc(bytes.length + 1) >>> 0;   // unsigned: the heap may pass 2 GiB
    if (pointer === 0) throw new CoreError(`scenario: ${bytes.length} bytes do not fit in the core's memory`);
    const heap = this.heap();   // read after malloc: growing the memory replaces the view
    heap.set(bytes, pointer);
    heap[pointer + bytes.length] = 0;
    try {
      return use(pointer);
    } finally {
      this.module._free(pointer);
    }
  }

  /**
   * How many independent parts the scenario's run has (core-wasm/app/run/session.h: the NAS campaign's runs, BT-IO's;
   * 1 for a workload without parts); throws CoreError with the core's message when refused.
   */
  parts(scenarioText: string): number {
    const n = this.withText(scenarioText, (pointer) => this.call('hs_parts', pointer) as number);
    if (n < 0) throw new CoreError(this.lastError());
    return n;
  }

  /** A session running only part `part` (0 to parts - 1): its id, or 0 when refused (then `lastError()`). */
  createPart(scenarioText: string, part: number): number {
    return this.withText(scenarioText, (pointer) => this.call('hs_create_part', pointer, part) as number);
  }

  /** A finished part session's outcome, the text `merge` takes: {scenario, part, parts, fingerprint, events, end_ps, messages, records, result}. */
  partResultText(id: number): string {
    return this.call('hs_part_result_json', id) as string;
  }

  /** Frees a finished part session's simulation, keeping what messageJson reads. */
  retire(id: number): void {
    this.call('hs_retire', id);
  }

  /**
   * The result JSON text of the run whose parts ran apart, from every part's partResultText in part order: the same
   * as the whole run's. Throws CoreError naming what does not fit.
   */
  merge(scenarioText: string, partTexts: string[]): string {
    const out = this.withText(scenarioText, (s) => this.withText(`[${partTexts.join(',')}]`, (p) => this.call('hs_merge', s, p) as string));
    if (out === '') throw new CoreError(this.lastError());
    return out;
  }

  /** The last refusal or failure: one line naming the field, e.g. `cluster.nodes: 1 is outside [2, 1024]`. */
  lastError(): string {
    return this.call('hs_last_error') as string;
  }

  /** Runs at most `eventBudget` kernel events of session `id`. */
  run(id: number, eventBudget: number): RunSliceStatus {
    const s = this.call('hs_run', id, eventBudget) as number;
    return s === 1 ? 'finished' : s === 0 ? 'more' : 'failed';
  }

  /**
   * Runs at most `eventBudget` kernel events of session `id`, none later than `horizonPs` (ps): 'horizon' once the
   * next event lies beyond it (the model's state is then the one at `horizonPs`; the CLI's --until).
   */
  runUntil(id: number, eventBudget: number, horizonPs: number): RunSliceStatus | 'horizon' {
    const s = this.call('hs_run_until', id, eventBudget, horizonPs) as number;
    return s === 1 ? 'finished' : s === 2 ? 'horizon' : s === 0 ? 'more' : 'failed';
  }

  /** Simulated time reached, ps (exact below 2^53). */
  nowPs(id: number): number {
    return this.call('hs_now_ps', id) as number;
  }

  /** Kernel events executed so far. */
  events(id: number): number {
    return this.call('hs_events', id) as number;
  }

  /**
   * Share of the workload done, 0 to 1 (its jobs, series or rank-program steps; 1 once finished), or -1 when the
   * workload cannot tell: what the progress line's estimate of the time left rests on.
   */
  fractionDone(id: number): number {
    return this.call('hs_fraction_done', id) as number;
  }

  /** Moves up to `maxRecords` pending trace records into the session's batch; the count (0 = none pending). */
  traceTake(id: number, maxRecords: number): number {
    return this.call('hs_trace_take', id, maxRecords) as number;
  }

  /**
   * The current batch of `n` records (after `traceTake` returned n) copied out of the wasm heap as typed-array
   * columns (transferable; the heap view is re-read, memory may have grown).
   */
  traceBatch(id: number, n: number): TraceBatch {
    const copy = (c: number): ArrayBuffer => {
      const ptr = (this.call('hs_trace_column', id, c) as number) >>> 0;   // unsigned past 2 GiB
      return this.heap().slice(ptr, ptr + n * TRACE_COLUMNS[c].bytes).buffer;
    };
    return {
      n,
      t_start_ps: new Float64Array(copy(0)),
      t_end_ps: new Float64Array(copy(1)),
      kind: new Uint32Array(copy(2)),
      component: new Uint32Array(copy(3)),
      message: new Uint32Array(copy(4)),
      bytes: new Uint32Array(copy(5)),
      value: new Int32Array(copy(6)),
      cause: new Uint32Array(copy(7)),
    };
  }

  /** Takes and copies every pending trace record, in batches of at most `maxRecords`. */
  *drainTrace(id: number, maxRecords = 65_536): Generator<TraceBatch> {
    for (let n = this.traceTake(id, maxRecords); n > 0; n = this.traceTake(id, maxRecords)) yield this.traceBatch(id, n);
  }

  /** After `run` finished: the result JSON text (what `npm run sim -- --format json` prints). */
  resultText(id: number): string {
    return this.call('hs_result_json', id) as string;
  }

  /** The cluster's components and directed links (README "Topology JSON"). */
  topology(id: number): Topology {
    return JSON.parse(this.topologyText(id)) as Topology;
  }

  /** topology()'s JSON text, unparsed (the worker posts it as it is: see FromWorker 'topology'). */
  topologyText(id: number): string {
    return this.call('hs_topology_json', id) as string;
  }

  /** One message's headers layer by layer (`{}` for an unknown id), or null when this core lacks the export. */
  messageJson(id: number, message: number): string | null {
    return this.has('hs_message_json') ? (this.call('hs_message_json', id, message) as string) : null;
  }

  /** The trace kinds: number, name, what `value` holds and the names of its codes. */
  traceKinds(): TraceKindInfo[] {
    return JSON.parse(this.call('hs_trace_kinds_json') as string) as TraceKindInfo[];
  }

  /** The parameter registry (unit, range, default, source, testbed defaults). */
  parameters(): ParameterInfo[] {
    return JSON.parse(this.call('hs_parameters_json') as string) as ParameterInfo[];
  }

  /** The catalog: fabrics, protocols, workload kinds, testbeds and trace kinds the core enrols. */
  catalog(): CoreCatalog {
    return JSON.parse(this.call('hs_catalog_json') as string) as CoreCatalog;
  }

  destroy(id: number): void {
    this.call('hs_destroy', id);
  }

  /** Null when the core accepts `scenarioText` (a session is made and freed), else its error naming the field. */
  check(scenarioText: string): string | null {
    const id = this.create(scenarioText);
    if (id <= 0) return this.lastError() || 'the core refused the scenario';
    this.destroy(id);
    return null;
  }

  /**
   * Runs a scenario to its end in slices of `budget` events, handing each trace batch to `onBatch` (or dropping
   * it); the parsed result. Throws CoreError with the core's message when refused or failed.
   */
  runToEnd<R = unknown>(scenarioText: string, budget = 1 << 18, onBatch?: (batch: TraceBatch) => void): R {
    const id = this.create(scenarioText);
    if (id <= 0) throw new CoreError(this.lastError());
    try {
      for (;;) {
        const status = this.run(id, budget);
        if (onBatch) for (const batch of this.drainTrace(id)) onBatch(batch);
        else while (this.traceTake(id, 65_536) > 0) { /* dropped */ }
        if (status === 'finished') break;
        if (status === 'failed') throw new CoreError(this.lastError());
      }
      return JSON.parse(this.resultText(id)) as R;
    } finally {
      this.destroy(id);
    }
  }

  /** Bytes of the module's memory now (it only grows): what the run and its trace hold, and the allocator's slack. */
  memoryBytes(): number {
    return this.heap().buffer.byteLength;
  }

  /** The heap's bytes now (re-read after every call: memory can grow). */
  heap(): Uint8Array {
    const M = this.module;
    if (M.HEAPU8 && M.HEAPU8.buffer.byteLength > 0) return M.HEAPU8;
    const memory = M.wasmMemory ?? M.wasmExports?.memory;
    if (!memory) throw new CoreError('the core module exposes no heap (HEAPU8)');
    return new Uint8Array(memory.buffer);
  }
}
