/**
 * `npm run sim -- [scenario.json] [--format table|json] [--engine native|wasm] [--trace-csv FILE] [--parameters]`
 *
 * Runs a scenario without a browser. With no file it runs scenarios/portals-qsnet-pingpong.json. The scenario
 * is validated against scenarios/scenario.schema.json (the page's validator); a bad one exits 1 with one line
 * naming the field. `--format json` prints exactly one JSON object: {scenario, fingerprint, events, series,
 * tables, ...}. Latencies are µs; MB/s means 10^6 bytes per second.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateScenario } from '../../web/src/scenario/validateScenario';
import { compareWithPaper } from './checks';
import { ensureNative, loadWasm, NATIVE_BIN, ROOT, runNative, type SimResult } from './engines';
import { formatTables } from './format';

const DEFAULT = join(ROOT, 'scenarios/portals-qsnet-pingpong.json');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let file = DEFAULT;
  let format = 'table';
  let engine = 'native';
  let traceCsv: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--format') format = args[++i] ?? '';
    else if (a === '--engine') engine = args[++i] ?? '';
    else if (a === '--trace-csv') traceCsv = args[++i];
    else if (a === '--parameters') {
      ensureNative();
      const registry = JSON.parse(spawnSync(NATIVE_BIN, ['--parameters'], { encoding: 'utf8' }).stdout);
      process.stdout.write(`${JSON.stringify(registry, null, 2)}\n`);
      return;
    } else if (a.startsWith('--')) fail(`unknown option ${a} (see core-wasm/cli/sim.ts)`);
    else file = a;
  }
  if (format !== 'table' && format !== 'json') fail(`--format: "${format}" is not table or json`);
  if (engine !== 'native' && engine !== 'wasm') fail(`--engine: "${engine}" is not native or wasm`);

  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    fail(`${file}: cannot read the file`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    fail(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const valid = validateScenario(parsed);
  if (!valid.ok) fail(`${file}: ${valid.error}`);

  let result: SimResult;
  try {
    result = engine === 'native' ? runNative(text, traceCsv) : (await loadWasm()).runToEnd<SimResult>(text);
  } catch (e) {
    fail(`${file}: ${(e as Error).message}`);
  }
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const reference = (valid.scenario as { reference?: Parameters<typeof compareWithPaper>[1] }).reference;
  process.stdout.write(formatTables(result, compareWithPaper(result, reference)));
}

main().catch((e) => fail(String(e)));
