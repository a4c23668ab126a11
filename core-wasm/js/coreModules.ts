/**
 * Which build of the core a scenario runs on. `npm run build:wasm` links the full core (public/wasm/hpcsim.mjs, every
 * model) and one module per system of the four papers (hpcsim-<system>.mjs: portals-elan3, ompi-elan4, via-sci,
 * pvfs2-elan4; app/enrolment_list.h says which models each carries), and writes their contents to
 * public/wasm/modules.json (core-wasm/tools/gen-wasm-modules.ts). The worker runs a scenario on the smallest module
 * that enrols everything the scenario names, so the page fetches 131-202 kB of wasm (brotli) instead of 293
 * (issue 12; core-wasm/cmake/wasm.cmake), and on the full module when no system holds it all: a scenario mixing
 * systems, an unknown id (whose error then lists the whole catalog) or text that is not JSON.
 */

import type { ParameterInfo } from './bridgeTypes';

/** One module of public/wasm/modules.json. */
export interface CoreModule {
  /** The system (`portals-elan3`, ...) or `all` for the full core. */
  system: string;
  /** The ES module's file name beside modules.json (`hpcsim-portals-elan3.mjs`); its binary is the same name .wasm. */
  module: string;
  /** Size of the .wasm, bytes, and brotli-compressed at quality 11 (what a server pre-compressing would send). */
  wasm_bytes: number;
  wasm_brotli_bytes: number;
  /** Ids it enrols (hs_catalog_json): fabrics, protocols, workload kinds. */
  fabrics: string[];
  /** Each fabric's NICs (its own and its side NICs): cluster.nic values the fabric takes. */
  nics: Record<string, string[]>;
  protocols: string[];
  workloads: string[];
  /** Names of its parameter registry (hs_parameters_json): a scenario may override only these. */
  parameters: string[];
}

/** public/wasm/modules.json. */
export interface CoreModuleManifest {
  format: 'hpcsim-wasm-modules';
  version: 1;
  /** Every module, the full one (`system: "all"`) included. */
  modules: CoreModule[];
  /**
   * The full core's parameter registry (hs_parameters_json): what the page's editor lists and checks, whichever
   * module runs (a system's module registers only its own models' parameters; overriding another's picks the full
   * core).
   */
  registry: ParameterInfo[];
}

/** What a scenario names from the catalog and the parameter registry. */
export interface ScenarioNeeds {
  fabric: string;
  nic: string | null;
  workload: string;
  protocols: string[];
  parameters: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/**
 * The catalog ids and parameter names `scenarioText` names, or null when it is not a JSON object with a string
 * `cluster.fabric` and `workload.kind` and string `workload.series[].protocol`s (the full core then reports what is
 * wrong, exactly as it would have without modules).
 */
export function scenarioNeeds(scenarioText: string): ScenarioNeeds | null {
  let s: unknown;
  try {
    s = JSON.parse(scenarioText);
  } catch {
    return null;
  }
  if (!isRecord(s) || !isRecord(s.cluster) || !isRecord(s.workload)) return null;
  const { fabric, nic } = s.cluster;
  const { kind, series } = s.workload;
  if (typeof fabric !== 'string' || typeof kind !== 'string') return null;
  if (nic !== undefined && typeof nic !== 'string') return null;
  const protocols: string[] = [];
  if (series !== undefined) {
    if (!Array.isArray(series)) return null;
    for (const one of series) {
      if (!isRecord(one)) return null;
      if (one.protocol === undefined) continue;
      if (typeof one.protocol !== 'string') return null;
      protocols.push(one.protocol);
    }
  }
  let parameters: string[] = [];
  if (s.parameters !== undefined) {
    if (!isRecord(s.parameters)) return null;
    parameters = Object.keys(s.parameters);
  }
  return { fabric, nic: nic ?? null, workload: kind, protocols, parameters };
}

/** True when `m` enrols everything `needs` names. */
export function holds(m: CoreModule, needs: ScenarioNeeds): boolean {
  const has = (list: string[], id: string) => list.includes(id);
  return (
    has(m.fabrics, needs.fabric) &&
    (needs.nic === null || has(m.nics[needs.fabric] ?? [], needs.nic)) &&
    has(m.workloads, needs.workload) &&
    needs.protocols.every((p) => has(m.protocols, p)) &&
    needs.parameters.every((p) => has(m.parameters, p))
  );
}

/**
 * The module `scenarioText` runs on: the smallest (brotli bytes) that holds its needs, else the full core; null when
 * the manifest has no full core (the caller then loads the module it was given).
 */
export function pickCoreModule(manifest: CoreModuleManifest, scenarioText: string): CoreModule | null {
  const full = manifest.modules.find((m) => m.system === 'all') ?? null;
  const needs = scenarioNeeds(scenarioText);
  if (!needs) return full;
  const fits = manifest.modules.filter((m) => holds(m, needs)).sort((a, b) => a.wasm_brotli_bytes - b.wasm_brotli_bytes);
  return fits[0] ?? full;
}

/** `json` (modules.json, parsed) as a manifest, or a one-line reason it is not one. */
export function parseManifest(json: unknown): CoreModuleManifest | string {
  if (!isRecord(json) || json.format !== 'hpcsim-wasm-modules' || json.version !== 1) return 'modules.json: not an hpcsim-wasm-modules manifest of version 1';
  if (!Array.isArray(json.modules)) return 'modules.json: modules must be an array';
  for (const [i, m] of json.modules.entries()) {
    if (!isRecord(m)) return `modules.json: modules/${i} must be an object`;
    if (typeof m.system !== 'string' || typeof m.module !== 'string' || !/^[\w.-]+\.mjs$/.test(m.module)) return `modules.json: modules/${i}.module must be a file name ending .mjs`;
    if (typeof m.wasm_bytes !== 'number' || typeof m.wasm_brotli_bytes !== 'number') return `modules.json: modules/${i} needs its wasm sizes`;
    for (const key of ['fabrics', 'protocols', 'workloads', 'parameters'] as const)
      if (!isStringArray(m[key])) return `modules.json: modules/${i}.${key} must be an array of strings`;
    if (!isRecord(m.nics) || !Object.values(m.nics).every(isStringArray)) return `modules.json: modules/${i}.nics must map fabrics to arrays of strings`;
  }
  if (!Array.isArray(json.registry) || !json.registry.every((p) => isRecord(p) && typeof p.name === 'string' && typeof p.unit === 'string'))
    return 'modules.json: registry must be an array of parameters, each with its name and unit';
  return json as unknown as CoreModuleManifest;
}
