/**
 * Simulation worker: runs the C++ core (public/wasm/hpcsim.mjs, built by `npm run build:wasm`) off the main
 * thread. Protocol (sim/bridgeTypes.ts): `start` → ready, topology, (trace | progress)*, done | error;
 * `cancel` stops between slices. Trace columns leave as transferred typed arrays copied out of the wasm heap.
 * After `done` the session stays alive (until the worker is terminated, i.e. a new run replaces it) so that
 * `message` requests can read one message's headers with hs_message_json.
 */
import type { FromWorker, ToWorker, TraceBatch } from '../sim/bridgeTypes';

/** Kernel events per hs_run slice; between slices the worker yields so `cancel` can arrive. */
const EVENTS_PER_SLICE = 200_000;
/** Trace records per hs_trace_take batch. */
const RECORDS_PER_BATCH = 65_536;

interface HpcSimModule {
  ccall(name: string, ret: string | null, args: string[], values: unknown[]): unknown;
  cwrap(name: string, ret: string | null, args: string[]): (...values: unknown[]) => unknown;
  HEAPU8?: Uint8Array;
  wasmMemory?: WebAssembly.Memory;
  wasmExports?: { memory?: WebAssembly.Memory };
}

/** An error tagged with the phase it happened in (see FromWorker 'error'). */
class PhaseError extends Error {
  constructor(
    message: string,
    readonly phase: 'load' | 'create' | 'run',
  ) {
    super(message);
  }
}

let cancelRequested = false;
let running = false;

/** The finished run's session, kept for `message` requests; null while none. */
let finished: { M: HpcSimModule; id: number } | null = null;

/** hs_message_json(id, message) when this core exports it (`{}` for an unknown id), else null. */
function messageJson(message: number): string | null {
  if (!finished) return null;
  const { M, id } = finished;
  if (typeof (M as unknown as Record<string, unknown>)._hs_message_json !== 'function') return null;
  try {
    return M.ccall('hs_message_json', 'string', ['number', 'number'], [id, message]) as string;
  } catch {
    return null;
  }
}

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

/** The current heap bytes; re-read after every call into the module (memory can grow). */
function heap(M: HpcSimModule): Uint8Array {
  if (M.HEAPU8 && M.HEAPU8.buffer.byteLength > 0) return M.HEAPU8;
  const memory = M.wasmMemory ?? M.wasmExports?.memory;
  if (!memory) throw new Error('hpcsim module exposes no heap (HEAPU8)');
  return new Uint8Array(memory.buffer);
}

function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The core module of each URL, loaded once per worker. */
const modules = new Map<string, Promise<HpcSimModule>>();

function loadCore(wasmUrl: string): Promise<HpcSimModule> {
  let m = modules.get(wasmUrl);
  if (!m) {
    m = loadModule(wasmUrl);
    modules.set(wasmUrl, m);
    m.catch(() => modules.delete(wasmUrl));
  }
  return m;
}

/** `check`: creates and at once destroys a session; the core's error text when it refuses the scenario. */
async function check(scenarioText: string, wasmUrl: string): Promise<string | null> {
  const M = await loadCore(wasmUrl);
  const id = M.ccall('hs_create', 'number', ['string'], [scenarioText]) as number;
  if (id <= 0) return (M.ccall('hs_last_error', 'string', [], []) as string) || 'the core refused the scenario';
  M.ccall('hs_destroy', null, ['number'], [id]);
  return null;
}

async function loadModule(wasmUrl: string): Promise<HpcSimModule> {
  let imported: { default?: (opts?: object) => Promise<HpcSimModule>; createHpcSim?: (opts?: object) => Promise<HpcSimModule> };
  try {
    imported = await import(/* @vite-ignore */ wasmUrl);
  } catch (err) {
    throw new PhaseError(
      `Could not load the simulator core from ${wasmUrl} (built by \`npm run build:wasm\`): ${(err as Error).message}`,
      'load',
    );
  }
  const factory = imported.default ?? imported.createHpcSim;
  if (!factory) throw new PhaseError(`${wasmUrl} does not export createHpcSim`, 'load');
  return factory();
}

async function run(scenarioText: string, wasmUrl: string): Promise<void> {
  const M = await loadModule(wasmUrl);

  const create = M.cwrap('hs_create', 'number', ['string']) as (s: string) => number;
  const lastError = M.cwrap('hs_last_error', 'string', []) as () => string;
  const runSlice = M.cwrap('hs_run', 'number', ['number', 'number']) as (id: number, budget: number) => number;
  const nowPs = M.cwrap('hs_now_ps', 'number', ['number']) as (id: number) => number;
  const events = M.cwrap('hs_events', 'number', ['number']) as (id: number) => number;
  const traceTake = M.cwrap('hs_trace_take', 'number', ['number', 'number']) as (id: number, max: number) => number;
  const traceColumn = M.cwrap('hs_trace_column', 'number', ['number', 'number']) as (id: number, c: number) => number;
  const resultJson = M.cwrap('hs_result_json', 'string', ['number']) as (id: number) => string;
  const topologyJson = M.cwrap('hs_topology_json', 'string', ['number']) as (id: number) => string;
  const kindsJson = M.cwrap('hs_trace_kinds_json', 'string', []) as () => string;
  const parametersJson = M.cwrap('hs_parameters_json', 'string', []) as () => string;
  const destroy = M.cwrap('hs_destroy', null, ['number']) as (id: number) => void;

  post({ type: 'ready', kinds: JSON.parse(kindsJson()), parameters: JSON.parse(parametersJson()) });

  if (finished) {
    finished.M.ccall('hs_destroy', null, ['number'], [finished.id]);
    finished = null;
  }
  const id = create(scenarioText);
  if (id <= 0) throw new PhaseError(`The simulator refused the scenario: ${lastError() || 'unknown error'}`, 'create');
  let keep = false;
  try {
    post({ type: 'topology', topology: JSON.parse(topologyJson(id)) });

    /** Copies `bytesPerRecord * n` bytes of column `c` out of the heap into a fresh buffer. */
    const column = (c: number, n: number, bytesPerRecord: number): ArrayBuffer => {
      const ptr = traceColumn(id, c);
      return heap(M).slice(ptr, ptr + n * bytesPerRecord).buffer;
    };
    const drainTrace = (): void => {
      for (;;) {
        const n = traceTake(id, RECORDS_PER_BATCH);
        if (n <= 0) return;
        const batch: TraceBatch = {
          n,
          t_start_ps: new Float64Array(column(0, n, 8)),
          t_end_ps: new Float64Array(column(1, n, 8)),
          kind: new Uint32Array(column(2, n, 4)),
          component: new Uint32Array(column(3, n, 4)),
          message: new Uint32Array(column(4, n, 4)),
          bytes: new Uint32Array(column(5, n, 4)),
          value: new Int32Array(column(6, n, 4)),
        };
        post({ type: 'trace', batch }, [
          batch.t_start_ps.buffer, batch.t_end_ps.buffer, batch.kind.buffer, batch.component.buffer,
          batch.message.buffer, batch.bytes.buffer, batch.value.buffer,
        ]);
      }
    };

    for (;;) {
      const status = runSlice(id, EVENTS_PER_SLICE);
      if (status < 0) throw new Error(`Simulation failed: ${lastError() || 'unknown error'}`);
      drainTrace();
      post({ type: 'progress', now_ps: nowPs(id), events: events(id) });
      if (status === 1) break;
      await yieldToMessages();
      if (cancelRequested) {
        post({ type: 'cancelled', now_ps: nowPs(id), events: events(id) });
        return;
      }
    }
    keep = true;
    finished = { M, id };
    post({
      type: 'done',
      resultText: resultJson(id),
      topology: JSON.parse(topologyJson(id)),
      now_ps: nowPs(id),
      events: events(id),
    });
  } finally {
    if (!keep) destroy(id);
  }
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.type === 'cancel') {
    cancelRequested = true;
    return;
  }
  if (message.type === 'message') {
    post({ type: 'message', requestId: message.requestId, json: messageJson(message.message) });
    return;
  }
  if (message.type === 'check') {
    // A core that cannot load is reported by the run itself; the check then accepts (error null).
    check(message.scenarioText, message.wasmUrl)
      .catch(() => null)
      .then((error) => post({ type: 'checked', requestId: message.requestId, error }));
    return;
  }
  if (message.type === 'start') {
    if (running) {
      post({ type: 'error', message: 'A simulation is already running in this worker.', phase: 'run' });
      return;
    }
    running = true;
    cancelRequested = false;
    run(message.scenarioText, message.wasmUrl)
      .catch((err: unknown) => {
        const text = err instanceof Error ? err.message : String(err);
        post({ type: 'error', message: text, phase: err instanceof PhaseError ? err.phase : 'run' });
      })
      .finally(() => {
        running = false;
      });
  }
};
