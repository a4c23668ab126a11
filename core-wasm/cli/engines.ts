/**
 * The two builds of the core, behind one call each: the native CLI binary (fast; built on demand with CMake)
 * and the Node build of the wasm module, driven through the one TypeScript bridge (core-wasm/js/coreBridge.ts). Both
 * take a scenario's JSON text and give the result object that `npm run --silent sim -- <file> --format json` prints
 * (`runNative`, `(await loadWasm()).runToEnd<SimResult>`). Used by the CLI, the bench and the Node tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CoreBridge, type EmscriptenCore } from '../js/coreBridge';
import type { CoreCatalog } from '../js/coreCatalog';
import { parseNativeProgress, progressLine } from '../js/runProgress';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const NATIVE_BIN = join(ROOT, 'build/native/hpcsim-native');
export const NATIVE_BENCH = join(ROOT, 'build/native/hpcsim-bench');
/**
 * The page's own wasm module (ES module glue and binary), which Node loads too: given `wasmBinary`, the glue's
 * web/worker build needs nothing from a browser, so the tests, the CLI and the bench run the exact binary the page
 * ships.
 */
export const WASM_MODULE = join(ROOT, 'public/wasm/hpcsim.mjs');

export interface SimResult {
  scenario: string;
  fingerprint: string;
  events: number;
  sim_time_us: number;
  series: { id: string; label: string; points: { bytes: number; latency_us: number; bandwidth_MBps: number }[] }[];
  tables: { id: string; label: string; unit: string; columns: string[]; rows: { label: string; values: number[] }[] }[];
}

/** Configures and builds the native targets if the binary is missing (progress goes to stderr). */
export function ensureNative(): void {
  if (existsSync(NATIVE_BIN) && existsSync(NATIVE_BENCH)) return;
  const run = (args: string[]) => {
    const r = spawnSync('cmake', args, { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) throw new Error(`cmake ${args.join(' ')} failed; run \`npm run setup\` to install the toolchain`);
  };
  run(['-S', 'core-wasm', '-B', 'build/native', '-G', 'Ninja']);
  run(['--build', 'build/native']);
}

/** Runs the native binary on `text`; throws with the core's one-line error on a bad scenario. */
export function runNative(text: string, traceCsv?: string): SimResult {
  ensureNative();
  const file = scenarioFile(text);
  const args = traceCsv ? [file, '--trace-csv', traceCsv] : [file];
  const r = spawnSync(NATIVE_BIN, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error((r.stderr || 'native core failed').trim());
  return JSON.parse(r.stdout) as SimResult;
}

/**
 * The CLI's native run: `args` after the scenario file (--trace-csv, --until-us, --max-events, --progress). The
 * binary's progress lines go to this process's stderr as they come (after `label`, which tells runs going at once
 * apart); anything else it writes there is the error a refused or failed run throws.
 */
export function runNativeStreaming(text: string, args: string[], label = ''): Promise<SimResult> {
  ensureNative();
  const file = scenarioFile(text);
  return new Promise((resolveRun, reject) => {
    const child = spawn(NATIVE_BIN, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    const started = performance.now();
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter((l) => l.length > 0)) {
        if (!line.startsWith('progress: ')) {
          err += `${line}\n`;
          continue;
        }
        const sample = parseNativeProgress(line, performance.now() - started);
        process.stderr.write(`${label}${sample ? progressLine(sample) : line}\n`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(err.trim() || 'native core failed'));
      else resolveRun(JSON.parse(Buffer.concat(out).toString('utf8')) as SimResult);
    });
  });
}

/**
 * How many independent parts the native core runs `text` as (`hpcsim-native --parts`; core-wasm/app/run/session.h):
 * the NAS campaign's benchmark x transport runs, or 1 for a workload without parts. Throws the core's error.
 */
export function nativeParts(text: string): number {
  ensureNative();
  const r = spawnSync(NATIVE_BIN, [scenarioFile(text), '--parts'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error((r.stderr || 'native core failed').trim());
  return Number(r.stdout.trim());
}

/** One part run's outcome (`hpcsim-native --part k`): what `mergeNative` joins; `bounded` when it did not finish. */
export interface PartResult {
  part: number;
  bounded?: { reason: string; sim_time_us: number; events: number; memory_mib?: number };
  [field: string]: unknown;
}

/**
 * The result of the run of `text` whose parts ran apart (`hpcsim-native --merge`): `parts` are every part's result,
 * in part order. The same result JSON, fingerprint included, as the whole run's, however many ran at once.
 */
export function mergeNative(text: string, parts: PartResult[]): SimResult {
  ensureNative();
  const file = scenarioFile(text);
  const list = join(dirname(file), 'parts.json');
  writeFileSync(list, JSON.stringify(parts));
  const r = spawnSync(NATIVE_BIN, [file, '--merge', list], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error((r.stderr || 'native core failed').trim());
  return JSON.parse(r.stdout) as SimResult;
}

/** Writes `text` to a fresh temporary file for the native binary; its path. */
function scenarioFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hpcsim-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, text);
  return file;
}

/**
 * Loads a wasm build behind the one bridge (core-wasm/js/coreBridge.ts): the full core (public/wasm/hpcsim.mjs + .wasm)
 * unless `modulePath` names a per-system one (public/wasm/hpcsim-<system>.mjs; core-wasm/js/coreModules.ts).
 */
export async function loadWasm(modulePath = WASM_MODULE): Promise<CoreBridge> {
  if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing: run \`npm run build:wasm\``);
  const mod = (await import(pathToFileURL(modulePath).href)) as { default: (opts: object) => Promise<EmscriptenCore> };
  const wasmBinary = readFileSync(modulePath.replace(/\.mjs$/, '.wasm'));
  return new CoreBridge(await mod.default({ wasmBinary }));
}

/** The native binary's catalog (`hpcsim-native --catalog`): what the core enrols, as hs_catalog_json gives it. */
export function nativeCatalog(): CoreCatalog {
  ensureNative();
  const r = spawnSync(NATIVE_BIN, ['--catalog'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error((r.stderr || 'hpcsim-native --catalog failed').trim());
  return JSON.parse(r.stdout) as CoreCatalog;
}
