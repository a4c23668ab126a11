/**
 * Simulation worker: runs the C++ core (public/wasm/, built by `npm run build:wasm`) off the main thread, on the
 * smallest of its builds that holds the scenario (core-wasm/js/coreModules.ts).
 * The protocol is worker/simHost.ts; this file loads the core module and wires the host to the Worker global.
 * After `done` the session stays alive (until the worker is terminated, i.e. a new run replaces it) so that
 * `message` requests can read one message's headers with hs_message_json.
 */
import type { FromWorker, ToWorker } from '../../../core-wasm/js/bridgeTypes';
import { CoreBridge, type EmscriptenCore } from '../../../core-wasm/js/coreBridge';
import { type CoreModuleManifest, parseManifest, pickCoreModule } from '../../../core-wasm/js/coreModules';
import { PhaseError, SimHost } from './simHost';

/** Loads the core's ES module at `wasmUrl` and instantiates it (each call a new module instance). */
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

/** modules.json beside the full core at `wasmUrl`, fetched once; null when absent or malformed (then the full core). */
const manifests = new Map<string, Promise<CoreModuleManifest | null>>();

function manifestBeside(wasmUrl: string): Promise<CoreModuleManifest | null> {
  let m = manifests.get(wasmUrl);
  if (!m) {
    m = fetch(new URL('modules.json', wasmUrl))
      .then((r) => (r.ok ? r.json() : null))
      .then((json: unknown) => {
        if (json === null) return null;
        const parsed = parseManifest(json);
        if (typeof parsed === 'string') {
          console.warn(`${parsed}; running every scenario on the full core`);
          return null;
        }
        return parsed;
      })
      .catch(() => null);
    manifests.set(wasmUrl, m);
  }
  return m;
}

/** The URL of the build `scenarioText` runs on: the smallest module holding it, else the full core at `wasmUrl`. */
async function moduleUrlFor(wasmUrl: string, scenarioText: string): Promise<string> {
  const manifest = await manifestBeside(wasmUrl);
  const picked = manifest ? pickCoreModule(manifest, scenarioText) : null;
  return picked ? new URL(picked.module, wasmUrl).href : wasmUrl;
}

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
