/**
 * `npm run fidelity [-- --format json] [--jobs N] [--write] [--seed 000]`: the paper check. Runs every shipped
 * scenario that produces a published figure (scenarios/fidelity/figures.json) on the native core, several at once,
 * and prints each figure: seed, figure, paper value, model value, unit, tolerance, calibrated or predicted, pass.
 * `--format json` prints one object {"figures": [...], "not_modelled": [...]}; `--write` also saves it as
 * scenarios/fidelity/report.json, the snapshot the page's "Paper check" view shows (a Node test keeps it equal to a
 * fresh run). Exit 0 when every figure keeps its recorded state (it passes, or a known miss gives its recorded value),
 * 1 otherwise (each such figure named on stderr), 2 when a scenario fails to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { figureRow, heldState, type CheckResult, type FigureManifest } from '../js/paperCheck';
import { ROOT, runNativeStreaming } from './engines';
import { mapInPool } from './jobPool';
import { formatReport, readManifest, REPORT, type FidelityReport } from './fidelityReport';

/** Brings the native core up to date (a no-op when it is), so the report is the sources' and not a stale build's. */
function buildNative(): void {
  if (!existsSync(join(ROOT, 'build/native/build.ninja'))) return;  // runNativeStreaming configures and builds it
  const r = spawnSync('cmake', ['--build', join(ROOT, 'build/native'), '--target', 'hpcsim-native'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the native core did not build:\n${r.stdout}${r.stderr}`);
}

/** Runs `ids` (shipped scenario ids) `jobs` at a time; each result, or the error that stopped it. */
export async function runScenarios(ids: string[], jobs: number, log?: (line: string) => void): Promise<Map<string, CheckResult | Error>> {
  buildNative();
  const results = await mapInPool(ids, jobs, async (id): Promise<CheckResult | Error> => {
    const started = Date.now();
    let result: CheckResult | Error;
    try {
      result = await runNativeStreaming(readFileSync(join(ROOT, 'scenarios', `${id}.json`), 'utf8'), []);
    } catch (e) {
      result = e instanceof Error ? e : new Error(String(e));
    }
    log?.(`fidelity: ${id} ran in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  });
  return new Map(ids.map((id, i) => [id, results[i]]));
}

/**
 * The report of `manifest` (figures of `seed` only, if given), and the scenarios that failed to run with their
 * errors (their figures have no model value).
 */
export async function fidelityReport(
  manifest: FigureManifest,
  jobs: number,
  seed?: string,
  log?: (line: string) => void,
): Promise<{ report: FidelityReport; errors: Map<string, Error> }> {
  const figures = manifest.figures.filter((f) => !seed || f.seed === seed);
  const results = await runScenarios([...new Set(figures.map((f) => f.scenario))], jobs, log);
  const errors = new Map([...results].filter((e): e is [string, Error] => e[1] instanceof Error));
  const report = {
    figures: figures.map((f) => figureRow(f, results.get(f.scenario) ?? new Error('not run'))),
    not_modelled: manifest.not_modelled.filter((n) => !seed || n.seed === seed),
  };
  return { report, errors };
}

async function main(): Promise<void> {
  let o;
  try {
    o = parseArgs({
      options: {
        format: { type: 'string', default: 'table' },
        jobs: { type: 'string' },
        seed: { type: 'string' },
        write: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    process.stderr.write(`${(e as Error).message.split('\n')[0]} (see --help)\n`);
    process.exit(1);
  }
  if (o.help) {
    process.stdout.write(
      'usage: npm run fidelity -- [--format table|json] [--jobs N] [--seed 000|001|002|003] [--write] [--quiet]\n\n' +
        'Runs the scenarios behind every published figure of the seed papers and prints paper against model.\n' +
        '--write saves the JSON report as scenarios/fidelity/report.json (the page shows it).\n' +
        'Exit 0: every figure keeps its recorded state; 1: one does not (named on stderr); 2: a scenario failed.\n',
    );
    return;
  }
  if (o.format !== 'table' && o.format !== 'json') {
    process.stderr.write(`--format: "${o.format}" is not table or json\n`);
    process.exit(1);
  }
  const jobs = o.jobs === undefined ? availableParallelism() : Number(o.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) {
    process.stderr.write(`--jobs: "${o.jobs}" is not a positive whole number\n`);
    process.exit(1);
  }
  const manifest = readManifest();
  if (o.seed !== undefined && !manifest.figures.some((f) => f.seed === o.seed)) {
    process.stderr.write(`--seed: "${o.seed}" is not a seed with figures (000, 001, 002 or 003)\n`);
    process.exit(1);
  }
  const { report, errors } = await fidelityReport(manifest, jobs, o.seed, o.quiet ? undefined : (l) => process.stderr.write(`${l}\n`));
  for (const [id, e] of errors) process.stderr.write(`fidelity: scenario ${id} failed: ${e.message}\n`);
  if (errors.size) process.exit(2);
  if (o.write) writeFileSync(REPORT, `${JSON.stringify(report, null, 1)}\n`);
  process.stdout.write(o.format === 'json' ? `${JSON.stringify(report)}\n` : formatReport(report));
  const broken = manifest.figures.flatMap((f) => {
    const row = report.figures.find((r) => r.id === f.id);
    const why = row ? heldState(f, row) : '';
    return why ? [why] : [];
  });
  for (const why of broken) process.stderr.write(`fidelity: ${why}\n`);
  if (broken.length) process.exit(1);
}

// `npm run fidelity | head`: a closed pipe ends the output, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  main().catch((e) => {
    process.stderr.write(`fidelity: ${String(e)}\n`);
    process.exit(2);
  });
}
