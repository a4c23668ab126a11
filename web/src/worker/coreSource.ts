/**
 * Where the simulation worker gets the core from (worker/sim.worker.ts): the ES module at a URL (public/wasm/, built
 * by `npm run build:wasm`) and, beside it, modules.json naming the smallest build that holds a scenario. The offline
 * single-file copy replaces this file with coreSource.offline.ts (web/vite.offline.config.ts).
 */
import type { CoreBridge, EmscriptenCore } from '../../../core-wasm/js/coreBridge';
import { type CoreModuleManifest, parseManifest, pickCoreModule } from '../../../core-wasm/js/coreModules';
import { PhaseError, startCore } from './simHost';

/** Loads the core's ES module at `wasmUrl` and instantiates it (each call a new module instance). */
export async function loadModule(wasmUrl: string): Promise<CoreBridge> {
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
  const wasm = wasmUrl.replace(/\.mjs(\?.*)?$/, '.wasm').split('/').pop();
  return startCore(
    factory,
    `Could not start the simulator core: its WebAssembly binary (${wasm}) did not load or compile. Reload the page; ` +
      'if it fails again, the server lacks public/wasm/ (`npm run build:wasm` builds it) or this browser cannot run WebAssembly.',
  );
}

/** modules.json beside the full core at `wasmUrl`, fetched once; null when absent or malformed (then the full core). */
const manifests = new Map<string, Promise<CoreModuleManifest | null>>();

export function manifestBeside(wasmUrl: string): Promise<CoreModuleManifest | null> {
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
export async function moduleUrlFor(wasmUrl: string, scenarioText: string): Promise<string> {
  const manifest = await manifestBeside(wasmUrl);
  const picked = manifest ? pickCoreModule(manifest, scenarioText) : null;
  return picked ? new URL(picked.module, wasmUrl).href : wasmUrl;
}

