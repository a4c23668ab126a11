/**
 * The two builds of the core, behind one call each: the native CLI binary (fast; built on demand with CMake)
 * and the Node build of the wasm module. Both take a scenario's JSON text and return the result object that
 * `npm run --silent sim -- <file> --format json` prints. Used by the CLI, the bench and the Node tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const NATIVE_BIN = join(ROOT, 'build/native/hpcsim-native');
export const NATIVE_BENCH = join(ROOT, 'build/native/hpcsim-bench');
export const WASM_NODE = join(ROOT, 'build/wasm/node/hpcsim.cjs');

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
  const dir = mkdtempSync(join(tmpdir(), 'hpcsim-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, text);
  const args = traceCsv ? [file, '--trace-csv', traceCsv] : [file];
  const r = spawnSync(NATIVE_BIN, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error((r.stderr || 'native core failed').trim());
  return JSON.parse(r.stdout) as SimResult;
}

/** Loads the Node build of the wasm module (build/wasm/node/hpcsim.cjs). */
export async function loadWasm(): Promise<WasmCore> {
  if (!existsSync(WASM_NODE)) throw new Error(`${WASM_NODE} is missing: run \`npm run build:wasm\``);
  const require = createRequire(import.meta.url);
  const factory = require(WASM_NODE) as (opts: object) => Promise<WasmModule>;
  const wasmBinary = readFileSync(WASM_NODE.replace(/\.cjs$/, '.wasm'));
  return new WasmCore(await factory({ wasmBinary }));
}

interface WasmModule {
  ccall: (name: string, ret: string | null, argTypes: string[], args: unknown[]) => unknown;
  HEAPU8: Uint8Array;
}

/** Thin typed wrapper over the exported C functions (core-wasm/app/wasm/README.md). */
export class WasmCore {
  constructor(readonly module: WasmModule) {}
  create(text: string): number {
    return this.module.ccall('hs_create', 'number', ['string'], [text]) as number;
  }
  lastError(): string {
    return this.module.ccall('hs_last_error', 'string', [], []) as string;
  }
  run(id: number, budget: number): number {
    return this.module.ccall('hs_run', 'number', ['number', 'number'], [id, budget]) as number;
  }
  traceTake(id: number, max: number): number {
    return this.module.ccall('hs_trace_take', 'number', ['number', 'number'], [id, max]) as number;
  }
  resultJson(id: number): SimResult {
    return JSON.parse(this.module.ccall('hs_result_json', 'string', ['number'], [id]) as string) as SimResult;
  }
  topologyJson(id: number): unknown {
    return JSON.parse(this.module.ccall('hs_topology_json', 'string', ['number'], [id]) as string);
  }
  parameters(): unknown[] {
    return JSON.parse(this.module.ccall('hs_parameters_json', 'string', [], []) as string) as unknown[];
  }
  destroy(id: number): void {
    this.module.ccall('hs_destroy', null, ['number'], [id]);
  }
  /** Runs a scenario to the end in slices of `budget` events, draining the trace; returns the result. */
  runToEnd(text: string, budget = 1 << 18): SimResult {
    const id = this.create(text);
    if (id === 0) throw new Error(this.lastError());
    try {
      for (;;) {
        const status = this.run(id, budget);
        while (this.traceTake(id, 65536) > 0) {
          /* drained: the page keeps these, the CLI does not need them */
        }
        if (status === 1) break;
        if (status < 0) throw new Error(this.lastError());
      }
      return this.resultJson(id);
    } finally {
      this.destroy(id);
    }
  }
}
