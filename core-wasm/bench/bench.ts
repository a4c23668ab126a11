/**
 * `npm run bench`: simulated events per second, native and wasm, on the default scenario and on the heavy
 * 256-node half-shift load, the native PHOLD micro-benchmark of the kernel alone (bench/phold.h: 1,024 processes,
 * 8,192 events in flight, 10 M events), and peak memory (native: the bench process's peak RSS; wasm: the module's
 * memory after the run). Prints figures; it does not pass or fail. Each figure is the best of 3 runs.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNative, loadWasm, NATIVE_BENCH, ROOT } from '../cli/engines';

const SCENARIOS = ['scenarios/portals-qsnet-pingpong.json', 'scenarios/qsnet-256-half-shift.json'];
const REPEATS = 3;

interface Row {
  scenario: string;
  build: string;
  events: number;
  seconds: number;
  /** Native: peak RSS of the bench process; wasm: the module's memory after the run (MiB). */
  memory_mib: number;
}

async function main(): Promise<void> {
  ensureNative();
  const rows: Row[] = [];
  for (const arg of ['--phold', ...SCENARIOS.map((f) => join(ROOT, f))]) {
    let best: Row | undefined;
    for (let r = 0; r < REPEATS; r++) {
      const out = spawnSync(NATIVE_BENCH, [arg], { encoding: 'utf8' });
      const j = JSON.parse(out.stdout.trim()) as { scenario: string; events: number; seconds: number; peak_rss_mib: number };
      if (!best || j.seconds < best.seconds)
        best = { scenario: j.scenario, build: 'native', events: j.events, seconds: j.seconds, memory_mib: j.peak_rss_mib };
    }
    rows.push(best!);
  }
  const core = await loadWasm();
  for (const file of SCENARIOS) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    let best: Row | undefined;
    for (let r = 0; r < REPEATS; r++) {
      const t0 = performance.now();
      const res = core.runToEnd<{ scenario: string; events: number }>(text);
      const seconds = (performance.now() - t0) / 1000;
      if (!best || seconds < best.seconds)
        best = { scenario: res.scenario, build: 'wasm (Node)', events: res.events, seconds, memory_mib: core.heap().length / 1048576 };
    }
    rows.push(best!);
  }
  console.log('scenario                  build          events      seconds   events/s  memory MiB');
  for (const r of rows)
    console.log(
      `${r.scenario.padEnd(26)}${r.build.padEnd(13)}${String(r.events).padStart(10)}  ${r.seconds.toFixed(3).padStart(9)}  ${Math.round(r.events / r.seconds).toLocaleString('en-US').padStart(11)}  ${r.memory_mib.toFixed(1).padStart(10)}`,
    );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
