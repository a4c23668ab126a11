/**
 * Simulation worker: runs the C++ core (public/wasm/, built by `npm run build:wasm`) off the main thread, on the
 * smallest of its builds that holds the scenario (core-wasm/js/coreModules.ts).
 * The protocol is worker/simHost.ts; this file loads the core module and wires the host to the Worker global.
 * After `done` the session stays alive (until the worker is terminated, i.e. a new run replaces it) so that
 * `message` requests can read one message's headers with hs_message_json.
 */
import type { FromWorker, ToWorker } from '../../../core-wasm/js/bridgeTypes';
import type { CoreBridge } from '../../../core-wasm/js/coreBridge';
import { SimHost } from './simHost';
import { loadModule, manifestBeside, moduleUrlFor } from './coreSource';

/** The module kept for `check` requests, one per URL; a run loads a fresh one. */
const kept = new Map<string, Promise<CoreBridge>>();

/**
 * Loads the build `scenarioText` runs on; when that is a system's module and it fails to load (a manifest naming a
 * module the server lacks), the full core at `fullUrl` instead, with a console warning.
 */
async function loadCore(fullUrl: string, fresh: boolean, scenarioText: string): Promise<CoreBridge> {
  const wasmUrl = await moduleUrlFor(fullUrl, scenarioText);
  if (wasmUrl === fullUrl) return loadAt(fullUrl, fresh);
  try {
    return await loadAt(wasmUrl, fresh);
  } catch (err) {
    console.warn(`${(err as Error).message}; running on the full core instead`);
    return loadAt(fullUrl, fresh);
  }
}

function loadAt(wasmUrl: string, fresh: boolean): Promise<CoreBridge> {
  if (fresh) return loadModule(wasmUrl);
  let m = kept.get(wasmUrl);
  if (!m) {
    m = loadModule(wasmUrl);
    kept.set(wasmUrl, m);
    m.catch(() => kept.delete(wasmUrl));
  }
  return m;
}

const host = new SimHost({
  loadCore,
  fullRegistry: async (wasmUrl) => (await manifestBeside(wasmUrl))?.registry ?? null,
  post: (message: FromWorker, transfer: Transferable[] = []) => self.postMessage(message, { transfer }),
  yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
});

self.onmessage = (e: MessageEvent<ToWorker>) => host.handle(e.data);
