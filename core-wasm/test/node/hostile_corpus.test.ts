// The hostile corpus (issue 12 item 2, core-wasm/test/hostile/corpus.ts) through the CLI with both engines: every
// file is refused with exit code 1, one line on stderr naming the field, nothing on stdout, no signal; and through
// the wasm core's own parser (hs_create, no schema in front): refused or accepted, never an abort. The slowest
// refusal is printed (the issue asks for 2 s; a 30 s guard catches hangs and is no performance claim).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureNative, loadWasm, ROOT } from '../../cli/engines';
import { hostileCorpus, type HostileCase } from '../hostile/corpus';
import { validateScenario } from '../../js/validateScenario';
import type { CoreBridge } from '../../js/coreBridge';
import { MAX_SCENARIO_CHARS } from '../../js/validateScenario';

const corpus = hostileCorpus(ROOT, (doc) => validateScenario(doc).ok);
let dir = '';
let core: CoreBridge;

// The CLI as `npm run sim` runs it: the esbuild bundle of core-wasm/cli/sim.ts (`npm run build:cli`), built once here.
const CLI = join(ROOT, 'build/cli/sim.mjs');

before(async () => {
  const built = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  ensureNative();
  core = await loadWasm();
  dir = mkdtempSync(join(tmpdir(), 'hostile-'));
});

interface Outcome { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; seconds: number }

function runCli(file: string, engine: 'native' | 'wasm'): Promise<Outcome> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [CLI, file, '--engine', engine, '--quiet', '--format', 'json'], {
      cwd: ROOT, timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr, seconds: Number(process.hrtime.bigint() - start) / 1e9 }));
  });
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

test('the corpus holds at least 200 files in every group the issue names', () => {
  const groups = new Set(corpus.map((c) => c.group));
  for (const g of ['wrong type', 'missing field', 'unknown field', 'numeric extreme', 'enum wrong', 'cross-field rule', 'syntax',
    'invalid UTF-8', 'deep nesting', 'huge array', '10 MB file']) assert.ok(groups.has(g), g);
  assert.ok(corpus.length >= 200, `${corpus.length} files`);
});

for (const engine of ['native', 'wasm'] as const) {
  test(`every hostile file is refused by the CLI (--engine ${engine}): exit 1, one line naming the field, no stdout`, { timeout: 900_000 }, async () => {
    let slowest = { seconds: 0, name: '' };
    const failures: string[] = [];
    await pool(corpus.map((c, i) => ({ c, i })), 2, async ({ c, i }: { c: HostileCase; i: number }) => {
      const file = join(dir, `case-${engine}-${i}.json`);
      writeFileSync(file, c.bytes);
      const r = await runCli(file, engine);
      rmSync(file);
      if (r.seconds > slowest.seconds) slowest = { seconds: r.seconds, name: `${c.group}: ${c.name}` };
      const line = r.stderr.trim();
      // A file over the size bound is refused for its size before any field is read.
      const names = c.bytes.length > MAX_SCENARIO_CHARS ? 'a scenario file is at most' : c.field;
      const problem =
        r.signal ? `killed by ${r.signal}` :
        r.status !== 1 ? `exit ${r.status}` :
        r.stdout !== '' ? 'printed to stdout' :
        line === '' || line.includes('\n') ? `stderr is not one line: ${JSON.stringify(line.slice(0, 300))}` :
        names !== null && !line.includes(names) ? `does not name "${names}": ${line.slice(0, 300)}` : null;
      if (problem) failures.push(`${c.group}: ${c.name}: ${problem}`);
    });
    console.log(`hostile corpus, ${engine} engine: ${corpus.length} files refused; slowest ${slowest.seconds.toFixed(2)} s (${slowest.name})`);
    assert.deepEqual(failures, []);
  });
}

test('the wasm core\'s own parser (no schema in front) refuses or accepts every hostile file without aborting', () => {
  let refused = 0;
  for (const c of corpus) {
    const id = core.create(c.bytes.toString('utf8'));
    if (id > 0) core.destroy(id);
    else {
      refused++;
      assert.ok(core.lastError().length > 0, `${c.name}: refused with a message`);
      assert.ok(!core.lastError().trim().includes('\n'), `${c.name}: one line`);
    }
  }
  console.log(`wasm core parser: ${refused} of ${corpus.length} hostile files refused on its own`);
  assert.ok(refused > corpus.length / 2);
});
