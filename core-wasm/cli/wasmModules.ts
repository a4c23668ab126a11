/**
 * The manifest of the wasm builds (public/wasm/modules.json, core-wasm/js/coreModules.ts): for every `hpcsim*.mjs`
 * that `npm run build:wasm` linked, what its catalog enrols (hs_catalog_json), its parameter names
 * (hs_parameters_json) and the size of its .wasm, raw and brotli-compressed, and the full core's parameter registry
 * (the page's editor lists it whichever module runs). Read from the modules themselves, so
 * the manifest cannot claim a model a module lacks. core-wasm/tools/gen-wasm-modules.ts writes it after each build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { ParameterInfo } from '../js/bridgeTypes';
import type { CoreBridge } from '../js/coreBridge';
import { type CoreModule, type CoreModuleManifest, parseManifest } from '../js/coreModules';
import { loadWasm, ROOT } from './engines';

export const WASM_DIR = join(ROOT, 'public/wasm');
export const MANIFEST_PATH = join(WASM_DIR, 'modules.json');

/** Brotli bytes of `data` at quality 11, as a server pre-compressing would send it. */
export function brotliBytes(data: Uint8Array): number {
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The ES modules of `dir`: `hpcsim.mjs` (system `all`) and `hpcsim-<system>.mjs`, the full core first. */
export function wasmModuleFiles(dir = WASM_DIR): { system: string; module: string }[] {
  return readdirSync(dir)
    .filter((f) => /^hpcsim(-[\w-]+)?\.mjs$/.test(f))
    .map((module) => ({ system: module === 'hpcsim.mjs' ? 'all' : module.slice('hpcsim-'.length, -'.mjs'.length), module }))
    .sort((a, b) => (a.system === 'all' ? -1 : b.system === 'all' ? 1 : a.system.localeCompare(b.system)));
}

/** One module's entry, read from its loaded `core`. */
export function describeModule(system: string, module: string, core: CoreBridge, dir = WASM_DIR): CoreModule {
  const catalog = core.catalog();
  const wasm = readFileSync(join(dir, module.replace(/\.mjs$/, '.wasm')));
  return {
    system,
    module,
    wasm_bytes: wasm.length,
    wasm_brotli_bytes: brotliBytes(wasm),
    fabrics: catalog.fabrics.map((f) => f.id),
    nics: Object.fromEntries(catalog.fabrics.map((f) => [f.id, [f.nic, ...f.side_nics]])),
    protocols: catalog.protocols.map((p) => p.id),
    workloads: catalog.workloads.map((w) => w.id),
    parameters: core.parameters().map((p) => p.name),
  };
}

/** The manifest of every module in `dir` (each loaded once), with the full core's parameter registry. */
export async function wasmManifest(dir = WASM_DIR): Promise<CoreModuleManifest> {
  const modules: CoreModule[] = [];
  let registry: ParameterInfo[] = [];
  for (const { system, module } of wasmModuleFiles(dir)) {
    const core = await loadWasm(join(dir, module));
    modules.push(describeModule(system, module, core, dir));
    if (system === 'all') registry = core.parameters();
  }
  return { format: 'hpcsim-wasm-modules', version: 1, modules, registry };
}

/** public/wasm/modules.json as the build wrote it; throws naming the field when it is not a manifest. */
export function readManifest(path = MANIFEST_PATH): CoreModuleManifest {
  const parsed = parseManifest(JSON.parse(readFileSync(path, 'utf8')));
  if (typeof parsed === 'string') throw new Error(`${parsed} (run \`npm run build:wasm\`)`);
  return parsed;
}
