/**
 * `npm run bench`: simulated events per second, native and wasm, on the default scenario and on the heavy
 * 256-node half-shift load; the native PHOLD micro-benchmark of the kernel alone (bench/phold.h: 1,024 processes,
 * 8,192 events in flight, 10 M events); QsNetII at its full scale of 4,096 nodes: the 256-node exchange
 * (scenarios/ompi-elan4-256-exchange.json, RDMA write) at 4,096 nodes to the end, native and wasm, and MPI_Alltoall
 * of 1 KiB on 4,096 nodes (16.8 M messages per call, its first series) for its first 20 M events, native and wasm
 * (BENCH_ALLTOALL=whole: the whole call natively, both series, and the first series whole in wasm); and peak memory (native: the bench process's peak RSS; wasm: the module's memory
 * after the run); the heap bytes per posted receive, per message sent and not yet received and per pending event on
 * Open MPI's stack (bench/state_bytes.h). Prints figures; it does not pass or fail. Each figure is the best of 5 runs (1 for the 4,096-node
 * all-to-all): single runs of the 4,096-node exchange varied by a factor of 1.5 here, too much for a ratio. The
 * native and wasm runs of a scenario alternate (native, wasm, native, wasm, ...), so a slow stretch of the machine
 * (this one is a shared VM) falls on both builds; besides the ratio of the best times the bench prints the median
 * and range of the five pairwise ratios (run i native / run i wasm). The wasm side of each scenario runs on the
 * module the page runs it on (core-wasm/js/coreModules.ts: the Portals/Elan3 module for the first two, Open MPI/Elan4's
 * for the exchange). Last, the size of every module (public/wasm/hpcsim*.wasm), raw and brotli-compressed at quality 11
 * as a server would; a sweep of four values over the 4,096-node exchange with the CLI's --jobs 1 and --jobs <cores>
 * (independent runs in parallel processes, issue 39 item 5: its wall time against the serial one's ÷ the jobs), and
 * the same for the NAS campaign's runs, which go to parallel processes as the parts of one run; then a
 * 16-value parameter study of the default scenario in the page (bench:ui's case (s)).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CoreBridge } from '../js/coreBridge';
import { pickCoreModule } from '../js/coreModules';
import { ensureNative, loadWasm, NATIVE_BENCH, ROOT } from '../cli/engines';
import { readManifest, WASM_DIR } from '../cli/wasmModules';

const SCENARIOS = ['scenarios/portals-qsnet-pingpong.json', 'scenarios/qsnet-256-half-shift.json'];
const REPEATS = 5;
const ALLTOALL_EVENTS = 20_000_000;
/**
 * BENCH_ALLTOALL=whole: the 4,096-node all-to-all's whole call, both shipped series one after the other, natively
 * (about 90 minutes on this machine), and its first series whole in wasm (about 20 minutes), instead of the first 20 M
 * events of its first series in each build.
 */
const ALLTOALL_WHOLE = process.env.BENCH_ALLTOALL === 'whole';

interface Row {
  scenario: string;
  build: string;
  events: number;
  seconds: number;
  /** Native: peak RSS of the bench process; wasm: the module's memory after the run (MiB). */
  memory_mib: number;
}

/** A shipped scenario scaled to `nodes` (and edited by `edit`), written to a temporary file; its path. */
function scaled(file: string, nodes: number, id: string, edit: (w: Record<string, unknown>) => void): string {
  const s = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { id: string; cluster: { nodes: number }; workload: Record<string, unknown> };
  s.id = id;
  s.cluster.nodes = nodes;
  edit(s.workload);
  const path = join(mkdtempSync(join(tmpdir(), 'hpcsim-bench-')), `${id}.json`);
  writeFileSync(path, JSON.stringify(s));
  return path;
}

/** One run of the native bench binary (a fresh process). */
function nativeOnce(args: string[]): Row {
  const out = spawnSync(NATIVE_BENCH, args, { encoding: 'utf8' });
  const j = JSON.parse(out.stdout.trim()) as { scenario: string; events: number; seconds: number; peak_rss_mib: number };
  return { scenario: j.scenario, build: 'native', events: j.events, seconds: j.seconds, memory_mib: j.peak_rss_mib };
}

const fastest = (runs: Row[]): Row => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));

function native(args: string[], repeats: number): Row {
  return fastest(Array.from({ length: repeats }, () => nativeOnce(args)));
}

/** Median of a non-empty list. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function main(): Promise<void> {
  ensureNative();
  const firstSeries = (w: Record<string, unknown>) => { w.series = (w.series as unknown[]).slice(0, 1); };
  const exchange = scaled('scenarios/ompi-elan4-256-exchange.json', 4096, 'ompi-elan4-4096-exchange', firstSeries);
  const alltoall = scaled('scenarios/ompi-elan4-64-alltoall.json', 4096, 'ompi-elan4-4096-alltoall', (w) => {
    firstSeries(w);
    w.bytes = 1024;
  });
  const manifest = readManifest();
  const cores = new Map<string, CoreBridge>();
  /** One run on the module the page picks (kept between runs; `fresh`: a module of its own, its memory from zero). */
  const wasmOnce = async (text: string, fresh = false): Promise<Row> => {
    const module = pickCoreModule(manifest, text)!;
    let core = fresh ? undefined : cores.get(module.module);
    if (!core) {
      core = await loadWasm(join(WASM_DIR, module.module));
      if (!fresh) cores.set(module.module, core);
    }
    const t0 = performance.now();
    const res = core.runToEnd<{ scenario: string; events: number }>(text);
    const seconds = (performance.now() - t0) / 1000;
    return { scenario: res.scenario, build: `wasm ${module.system}`, events: res.events, seconds, memory_mib: core.heap().length / 1048576 };
  };
  /** The first `maxEvents` events of a run on a fresh module of its own (the trace drained as the page's worker does). */
  const wasmFirstEvents = async (text: string, maxEvents: number): Promise<Row> => {
    const module = pickCoreModule(manifest, text)!;
    const core = await loadWasm(join(WASM_DIR, module.module));
    const id = core.create(text);
    const t0 = performance.now();
    while (core.events(id) < maxEvents && core.run(id, Math.min(1 << 18, maxEvents - core.events(id))) === 'more')
      while (core.traceTake(id, 65_536) > 0) { /* dropped */ }
    const seconds = (performance.now() - t0) / 1000;
    const row = { scenario: JSON.parse(text).id as string, build: `wasm ${module.system}`, events: core.events(id), seconds, memory_mib: core.memoryBytes() / 1048576 };
    core.destroy(id);
    return row;
  };
  const nativeRows: Row[] = [native(['--phold'], REPEATS)];
  const wasmRows: Row[] = [];
  const ratios: string[] = [];
  for (const file of [...SCENARIOS.map((f) => join(ROOT, f)), exchange]) {
    const text = readFileSync(file, 'utf8');
    const pairs: [Row, Row][] = [];
    for (let r = 0; r < REPEATS; r++) pairs.push([nativeOnce([file]), await wasmOnce(text)]);
    const n = fastest(pairs.map((p) => p[0]));
    const w = fastest(pairs.map((p) => p[1]));
    nativeRows.push(n);
    wasmRows.push(w);
    const each = pairs.map(([a, b]) => a.seconds / b.seconds);
    ratios.push(
      `${n.scenario} ${(n.seconds / w.seconds).toFixed(2)} (pairs: median ${median(each).toFixed(2)}, ` +
        `${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)})`,
    );
  }
  if (ALLTOALL_WHOLE) {
    const both = scaled('scenarios/ompi-elan4-64-alltoall.json', 4096, 'ompi-elan4-4096-alltoall', (w) => {
      w.bytes = 1024;
    });
    const a = native([both], 1);
    nativeRows.push({ ...a, scenario: `${a.scenario} (whole call, both series)` });
    const w = await wasmOnce(readFileSync(alltoall, 'utf8'), true);
    wasmRows.push({ ...w, scenario: `${w.scenario} (whole call, first series)` });
  } else {
    const a = native(['--max-events', String(ALLTOALL_EVENTS), alltoall], 1);
    nativeRows.push({ ...a, scenario: `${a.scenario} (first ${ALLTOALL_EVENTS / 1e6} M events)` });
    const w = await wasmFirstEvents(readFileSync(alltoall, 'utf8'), ALLTOALL_EVENTS);
    wasmRows.push({ ...w, scenario: `${w.scenario} (first ${ALLTOALL_EVENTS / 1e6} M events)` });
  }
  const rows = [...nativeRows, ...wasmRows];
  const width = Math.max(...rows.map((r) => r.scenario.length)) + 2;
  console.log(`${'scenario'.padEnd(width)}build                 events      seconds   events/s  memory MiB`);
  for (const r of rows)
    console.log(
      `${r.scenario.padEnd(width)}${r.build.padEnd(20)}${String(r.events).padStart(10)}  ${r.seconds.toFixed(3).padStart(9)}  ${Math.round(r.events / r.seconds).toLocaleString('en-US').padStart(11)}  ${r.memory_mib.toFixed(1).padStart(10)}`,
    );
  console.log(`wasm/native speed, best against best: ${ratios.join('; ')}`);
  // Heap bytes per unit of state on the MPI stack a big run uses (bench/state_bytes.h; issue 39 item 1).
  const state = spawnSync(NATIVE_BENCH, ['--state-bytes'], { encoding: 'utf8' });
  for (const line of state.stdout.trim().split('\n')) {
    const j = JSON.parse(line) as { state?: string; bytes_each?: number; state_check?: string };
    if (j.state) console.log(`heap bytes per ${j.state}: ${j.bytes_each!.toFixed(1)}`);
    else if (j.state_check) console.log(`state check: ${j.state_check}`);
  }
  for (const m of manifest.modules)
    console.log(
      `${m.module.replace(/\.mjs$/, '.wasm')}: ${m.wasm_bytes.toLocaleString('en-US')} B, ${(m.wasm_brotli_bytes / 1000).toFixed(1)} kB brotli` +
        (m.system === 'all' ? ' (full core: CLI, tests, the page for a scenario no system holds)' : ` (${m.system})`),
    );
  // Issue 39 item 5: a sweep's runs in parallel native processes (npm run sim -- --sweep ... --jobs N); the same output.
  const jobs = availableParallelism();
  /** One CLI run (npm run sim) of `args` with --jobs `n`: its wall time and output. */
  const cliOnce = (args: string[], n: number): { seconds: number; out: string } => {
    const t0 = performance.now();
    const r = spawnSync('node', [join(ROOT, 'build/cli/sim.mjs'), ...args, '--quiet', '--format', 'json', '--jobs', String(n)], { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (r.status !== 0) throw new Error(`${args.join(' ')} --jobs ${n}: ${r.stderr.trim()}`);
    return { seconds: (performance.now() - t0) / 1000, out: r.stdout };
  };
  spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, encoding: 'utf8' });
  /** `args` alternately with one job and with the machine's cores (a slow stretch falls on both), best of `times`. */
  const speedup = (what: string, args: string[], runsOf: number, times: number): void => {
    const serialRuns: { seconds: number; out: string }[] = [];
    const runs: { seconds: number; out: string }[] = [];
    for (let i = 0; i < times; i++) {
      serialRuns.push(cliOnce(args, 1));
      runs.push(cliOnce(args, jobs));
    }
    const serial = Math.min(...serialRuns.map((r) => r.seconds));
    const parallel = Math.min(...runs.map((r) => r.seconds));
    const ways = Math.min(jobs, runsOf);
    console.log(
      `${what} (best of ${times}): --jobs 1 ${serial.toFixed(2)} s, --jobs ${jobs} ${parallel.toFixed(2)} s = ` +
        `${(parallel / (serial / ways)).toFixed(2)} × (serial ÷ ${ways}); ` +
        `output ${[...serialRuns, ...runs].every((r) => r.out === serialRuns[0].out) ? 'identical' : 'DIFFERENT'}`,
    );
  };
  speedup('sweep of 4 runs of the 4,096-node exchange (npm run sim -- --sweep)', [exchange, '--sweep', 'pci.clock_MHz=66,100,120,133'], 4, 3);
  // The NAS campaign's 20 runs as parts (core-wasm/app/run/session.h), each a process of its own; 40 s a serial run.
  speedup('NAS campaign npb-sci-8node, 20 runs as parts (npm run sim)', [join(ROOT, 'scenarios/npb-sci-8node.json')], 20, 2);
  speedup('BT-IO pvfs2-btio, 4 runs as parts (npm run sim)', [join(ROOT, 'scenarios/pvfs2-btio.json')], 4, 2);
  // Issue 38 item 7: a 16-value parameter study of the default scenario runs in the page's workers, so it is timed
  // there, in Chromium: bench:ui's case (s), run here for its one line (needs `npm run build:web`).
  const study = spawnSync('node', ['--import', 'tsx', 'e2e/bench/bench-ui.ts'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BENCH_ONLY: 's' } });
  const line = study.stdout.split('\n').find((l) => l.startsWith('(s) '));
  console.log(line ?? `(s) parameter study in the page: not measured (${(study.stderr || 'bench:ui failed').trim().split('\n')[0]})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
