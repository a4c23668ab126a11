/**
 * Simulation worker: runs the C++ core (public/wasm/hpcsim.mjs, built by `npm run build:wasm`) off the main
 * thread. Protocol (sim/bridgeTypes.ts): `start` → ready, topology, (trace | progress)*, done | error;
 * `cancel` stops between slices. The core is driven through the one bridge (sim/coreBridge.ts); trace columns leave
 * as transferred typed arrays copied out of the wasm heap.
 * After `done` the session stays alive (until the worker is terminated, i.e. a new run replaces it) so that
 * `message` requests can read one message's headers with hs_message_json.
 */
import type { FromWorker, ToWorker } from '../sim/bridgeTypes';
import { CoreBridge, type EmscriptenCore } from '../sim/coreBridge';

/** Kernel events per hs_run slice; between slices the worker yields so `cancel` can arrive. */
const EVENTS_PER_SLICE = 200_000;
/** Trace records per hs_trace_take batch. */
const RECORDS_PER_BATCH = 65_536;

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
let finished: { core: CoreBridge; id: number } | null = null;

/** hs_message_json(id, message) when this core exports it (`{}` for an unknown id), else null. */
function messageJson(message: number): string | null {
  if (!finished) return null;
  try {
    return finished.core.messageJson(finished.id, message);
  } catch {
    return null;
  }
}

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The core module of each URL, loaded once per worker. */
const modules = new Map<string, Promise<CoreBridge>>();

function loadCore(wasmUrl: string): Promise<CoreBridge> {
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
  return (await loadCore(wasmUrl)).check(scenarioText);
}

async function loadModule(wasmUrl: string): Promise<CoreBridge> {
  let imported: { default?: (opts?: object) => Promise<EmscriptenCore>; createHpcSim?: (opts?: object) => Promise<EmscriptenCore> };
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
  return new CoreBridge(await factory());
}

async function run(scenarioText: string, wasmUrl: string): Promise<void> {
  const core = await loadModule(wasmUrl);
  post({ type: 'ready', kinds: core.traceKinds(), parameters: core.parameters() });

  if (finished) {
    finished.core.destroy(finished.id);
    finished = null;
  }
  const id = core.create(scenarioText);
  if (id <= 0) throw new PhaseError(`The simulator refused the scenario: ${core.lastError() || 'unknown error'}`, 'create');
  let keep = false;
  try {
    post({ type: 'topology', topology: core.topology(id) });
    const drainTrace = (): void => {
      for (const batch of core.drainTrace(id, RECORDS_PER_BATCH)) {
        post({ type: 'trace', batch }, [
          batch.t_start_ps.buffer, batch.t_end_ps.buffer, batch.kind.buffer, batch.component.buffer,
          batch.message.buffer, batch.bytes.buffer, batch.value.buffer,
        ]);
      }
    };

    for (;;) {
      const status = core.run(id, EVENTS_PER_SLICE);
      if (status === 'failed') throw new Error(`Simulation failed: ${core.lastError() || 'unknown error'}`);
      drainTrace();
      post({ type: 'progress', now_ps: core.nowPs(id), events: core.events(id) });
      if (status === 'finished') break;
      await yieldToMessages();
      if (cancelRequested) {
        post({ type: 'cancelled', now_ps: core.nowPs(id), events: core.events(id) });
        return;
      }
    }
    keep = true;
    finished = { core, id };
    post({
      type: 'done',
      resultText: core.resultText(id),
      topology: core.topology(id),
      now_ps: core.nowPs(id),
      events: core.events(id),
    });
  } finally {
    if (!keep) core.destroy(id);
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
