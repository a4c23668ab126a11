/**
 * The offline single-file copy's core source (web/vite.offline.config.ts puts it in place of coreSource.ts): the full
 * core's ES module and its wasm binary are inside the page (the module as text, the binary as base64 text that
 * core-wasm/tools/build-offline.ts writes beside it), so nothing
 * is fetched. The module is imported from a blob: URL and given the binary (Emscripten then does not fetch it); every
 * scenario runs on the full core (no modules.json).
 */
import type { CoreBridge, EmscriptenCore } from '../../../core-wasm/js/coreBridge';
import type { CoreModuleManifest } from '../../../core-wasm/js/coreModules';
import { PhaseError, startCore } from './simHost';
import glue from '../../../public/wasm/hpcsim.mjs?raw';
import wasmBase64 from '../../../public/wasm/hpcsim.wasm.b64?raw';

let moduleUrl: string | null = null;

/** The bytes of base64 text. */
function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export async function loadModule(_wasmUrl: string): Promise<CoreBridge> {
  // Emscripten's ES module locates its .wasm with new URL('hpcsim.wasm', import.meta.url) when it loads, even when given
  // the binary; a blob: URL cannot be a base, so the module sees the page's own address there instead.
  moduleUrl ??= URL.createObjectURL(new Blob([glue.replaceAll('import.meta.url', JSON.stringify(self.location.href))], { type: 'text/javascript' }));
  let imported: { default?: (opts?: object) => Promise<EmscriptenCore> };
  try {
    imported = await import(/* @vite-ignore */ moduleUrl);
  } catch (err) {
    throw new PhaseError(`Could not load the simulator core inside this page: ${(err as Error).message}`, 'load');
  }
  if (!imported.default) throw new PhaseError('the core inside this page does not export createHpcSim', 'load');
  const create = imported.default;
  return startCore(
    () => create({ wasmBinary: bytesOf(wasmBase64) }),
    'Could not start the simulator core inside this page: its WebAssembly binary did not compile. This browser may ' +
      'not run WebAssembly, or its settings forbid it here; the online page or `npm run sim` runs the same scenario.',
  );
}

export function manifestBeside(_wasmUrl: string): Promise<CoreModuleManifest | null> {
  return Promise.resolve(null);
}

export async function moduleUrlFor(wasmUrl: string, _scenarioText: string): Promise<string> {
  return wasmUrl;
}
