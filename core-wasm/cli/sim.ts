/**
 * `npm run sim -- [scenario.json | scenario id] [options]`: runs a scenario without a browser (see `--help`, and
 * USAGE below). With no scenario it runs scenarios/portals-qsnet-pingpong.json. The scenario is validated against
 * scenarios/scenario.schema.json (the page's validator); a bad one exits 1 with one line naming the field.
 * `--format json` prints exactly one JSON object: {scenario, fingerprint, events, series, tables, ...}, plus
 * `bounded` when --until or --max-events stopped the run. Latencies are µs; MB/s means 10^6 bytes per second.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, freemem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { validateScenario } from '../js/validateScenario';
import { CORE_MAX_MEMORY_MIB } from '../js/coreBridge';
import { compareWithPaper } from './checks';
import { ensureNative, loadWasm, mergeNative, NATIVE_BIN, nativeParts, type PartResult, ROOT, runNativeStreaming, type SimResult } from './engines';
import { formatTables } from './format';
import { formatReport, readManifest } from './fidelityReport';
import { figureRow, type CheckResult } from '../js/paperCheck';
import { progressLine } from '../js/runProgress';
import { parseSets, parseSweep, withParameters, type ParameterValue } from './parameterOptions';
import { firstInvalidUtf8 } from './utf8';
import { mapInPool } from './jobPool';
import { partOrder } from '../../web/src/run/partsWorker';
import { parsePathTarget, pathJson, pathTable, runCriticalPath } from './criticalPathCommand';
import { describeFigure, figureUnit, figureValue, formatFigure, paperValue, parseFigure, type FigureSource } from '../js/studyFigure';
import type { Scenario } from '../js/scenarioTypes';
import { MAX_SCENARIO_CHARS } from '../js/validateScenario';

const DEFAULT = join(ROOT, 'scenarios/portals-qsnet-pingpong.json');

export const USAGE = `usage: npm run sim -- [scenario] [options]

Runs a scenario of the HPC interconnect emulator without a browser and prints its results.

scenario             a scenario file (JSON, scenarios/scenario.schema.json), or the id of a shipped scenario
                     (see --list-scenarios); default: scenarios/portals-qsnet-pingpong.json

options
  --format table|json  readable tables (default) or exactly one JSON object on stdout
  --engine native|wasm the native build (default; built on first use) or the WebAssembly module under Node
  --trace-csv FILE     also write every trace record as CSV (native engine)
  --until US           run every event up to US microseconds of simulated time, none after
  --max-events N       stop after N kernel events
  --max-memory MIB     stop, bounded, once the run holds this many MiB (native: resident memory; wasm: its heap,
                       at most the module's 4,096 MiB less a margin); default: 90% of the memory now available
  --set NAME=VALUE     override a model parameter (see --parameters; VALUE in its unit); repeatable
  --sweep NAME=V1,V2,...
                       run the scenario once per value of one parameter (at most 32) and print each run's
                       results; with --format json one object {"sweep": {"parameter", "runs": [{"value", "result"}]}}
  --jobs N             on the native engine, run N independent runs at once, each in a process of its own
                       (default: the machine's cores; the output is the same whatever N, fingerprint included):
                       a --sweep's values, or the parts of a workload that has them (the NAS campaign's
                       benchmark x transport runs, each on a fresh machine). The default --max-memory is shared
                       among them. --trace-csv, --until and --max-events run the parts one after another
  --figure FIGURE      with --sweep: read one figure from each run and print it against the parameter (a table,
                       or one JSON object {"study": {parameter, figure, unit, paper, points: [{value, figure}]}});
                       FIGURE is latency:SERIES:BYTES, bandwidth:SERIES:BYTES, table:TABLE:ROW:COLUMN or
                       gain:TABLE:ROW:COLUMN:OVER_COLUMN (percent; rows and columns by label)
  --critical-path SERIES:BYTES | MESSAGE_ID | call:SERIES[:N]
                       print the critical path of the first message of that series with that payload (or of the
                       message with that id, or of the series' N-th PVFS2 I/O call of its first client, N from 1):
                       each piece of its time with the resource it went to (host CPU, PCI bus, NIC, link, wake-up,
                       storage) or the wait; with --format json one object
                       {"critical_path": {message, total_us, segments, by_resource_us, ...}}. Runs on the wasm engine,
                       which keeps the whole trace
  --iteration          with --critical-path: the whole ping-pong iteration the message starts (the sending host's
                       Post receive to its Wait for arrival: seed 002 Table 1's steps)
  --quiet              no progress lines on stderr (a run longer than 2 s reports its progress every 2 s)
  --parameters         print the model parameter registry (name, unit, default, range, source) as JSON
  --catalog            print the catalog of fabrics, protocols and workload kinds as JSON
  --list-scenarios     list the shipped scenarios: id and title
  -h, --help           this text
  -v, --version        the emulator's version

A run stopped by --until, --max-events or --max-memory says so: the table output ends with a "bounded" line, the
JSON has "bounded": {reason, sim_time_us, events} (reason "until", "max_events" or "memory", then with memory_mib),
and the figures cover only what finished.

exit codes
  0  the run finished (or stopped at its bound) and its results are on stdout
  1  the scenario or an option was refused: one line on stderr names the field or option
  2  the core failed unexpectedly

examples
  npm run sim
  npm run sim -- scenarios/ompi-elan4-progress.json --format json
  npm run sim -- pvfs2-btio --until 5000000
  npm run sim -- qsnet-256-half-shift --engine wasm --max-events 100000
  npm run sim -- pvfs2-mpi-tile-io --sweep host.memcpy_MBps=600,900,1200
  npm run sim -- portals-qsnet-pingpong --critical-path portals-put:0
  npm run sim -- pvfs2-btio --critical-path call:iba:3
  npm run sim -- --sweep pci.clock_MHz=33,66,100,133 --figure latency:portals-put:0
`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** The shipped scenarios (scenarios/*.json except the schema and fingerprints): id, title, file. */
export function shippedScenarios(): { id: string; title: string; file: string }[] {
  const dir = join(ROOT, 'scenarios');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json' && f !== 'fingerprints.json')
    .sort()
    .map((f) => {
      const s = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { id: string; title?: string };
      return { id: s.id, title: s.title ?? '', file: join(dir, f) };
    });
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return `${pkg.name} ${pkg.version}${git.status === 0 ? ` (${git.stdout.trim()})` : ''}`;
}

/** A positive number from option `name`'s text, or a refusal naming it. */
function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0) fail(`--${name}: "${text}" is not a positive number`);
  return v;
}

interface Bounds {
  untilUs?: number;
  maxEvents?: number;
  /** MiB the run may hold before it stops, bounded (reason "memory"). */
  maxMemoryMib: number;
  quiet: boolean;
}

/** The wasm module's memory limit (its MAXIMUM_MEMORY) and the margin kept below it: the heap is checked every 4,096
 * events, far less than a margin's worth of state. */
const WASM_MAX_MIB = CORE_MAX_MEMORY_MIB;
const WASM_MARGIN_MIB = 256;

/** 90% of the memory available now (MemAvailable; os.freemem() where /proc is absent), in MiB. */
function defaultMaxMemoryMib(): number {
  let available = freemem();
  try {
    const m = /MemAvailable:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'));
    if (m) available = Number(m[1]) * 1024;
  } catch { /* not Linux */ }
  return Math.max(64, Math.floor((0.9 * available) / 1048576));
}

/** Runs on the wasm module slice by slice, within the bounds, reporting progress every 2 s on stderr. */
async function runWasm(text: string, bounds: Bounds): Promise<SimResult> {
  const core = await loadWasm();
  const id = core.create(text);
  if (id <= 0) throw new Error(core.lastError());
  const start = Date.now();
  let lastReport = start;
  let bound: string | undefined;
  try {
    for (;;) {
      let budget = bounds.untilUs || bounds.maxEvents ? 1 << 12 : 1 << 18;
      if (bounds.maxEvents) {
        const left = bounds.maxEvents - core.events(id);
        if (left <= 0) {
          bound = 'max_events';
          break;
        }
        budget = Math.min(budget, left);
      }
      const status = bounds.untilUs ? core.runUntil(id, budget, bounds.untilUs * 1e6) : core.run(id, budget);
      if (status === 'more' && core.memoryBytes() / 1048576 >= Math.min(bounds.maxMemoryMib, WASM_MAX_MIB - WASM_MARGIN_MIB)) {
        bound = 'memory';
        break;
      }
      while (core.traceTake(id, 65_536) > 0) { /* the CLI keeps no trace */ }
      if (status === 'failed') throw new Error(core.lastError() || 'the run failed');
      if (status === 'finished') break;
      if (status === 'horizon') {
        bound = 'until';
        break;
      }
      if (!bounds.quiet && Date.now() - lastReport >= 2000) {
        lastReport = Date.now();
        const sample = { elapsedMs: Date.now() - start, now_ps: core.nowPs(id), events: core.events(id), fraction: core.fractionDone(id) };
        process.stderr.write(`${progressLine(sample)}\n`);
      }
    }
    const result = JSON.parse(core.resultText(id)) as SimResult & { bounded?: unknown };
    if (bound)
      result.bounded = {
        reason: bound, sim_time_us: core.nowPs(id) / 1e6, events: core.events(id),
        ...(bound === 'memory' && { memory_mib: Math.floor(core.memoryBytes() / 1048576) }),
      };
    return result;
  } finally {
    core.destroy(id);
  }
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'table' },
        engine: { type: 'string', default: 'native' },
        'trace-csv': { type: 'string' },
        until: { type: 'string' },
        'max-events': { type: 'string' },
        'max-memory': { type: 'string' },
        set: { type: 'string', multiple: true, default: [] },
        sweep: { type: 'string' },
        jobs: { type: 'string' },
        'critical-path': { type: 'string' },
        figure: { type: 'string' },
        iteration: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        parameters: { type: 'boolean', default: false },
        catalog: { type: 'boolean', default: false },
        'list-scenarios': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (e) {
    const message = (e as Error).message;
    // "Option '--until' argument is ambiguous": its value starts with a dash (--until -5), which parseArgs reads as
    // another option unless it is written --until=-5.
    const dashed = /^Option '(--[a-z-]+)' argument is ambiguous/.exec(message);
    if (dashed) fail(`${dashed[1]}: a value starting with "-" must be written ${dashed[1]}=<value> (see --help)`);
    fail(`${message.split('\n')[0].split('. ')[0].replace(/\.$/, '')} (see --help)`);
  }
  const o = parsed.values;
  if (o.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (o.version) {
    process.stdout.write(`${version()}\n`);
    return;
  }
  if (o['list-scenarios']) {
    for (const s of shippedScenarios()) process.stdout.write(`${s.id.padEnd(30)} ${s.title}\n`);
    return;
  }
  if (o.parameters || o.catalog) {
    ensureNative();
    const r = spawnSync(NATIVE_BIN, [o.parameters ? '--parameters' : '--catalog'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) fail((r.stderr || 'the core failed').trim(), 2);
    process.stdout.write(`${JSON.stringify(JSON.parse(r.stdout), null, 2)}\n`);
    return;
  }
  if (parsed.positionals.length > 1) fail(`one scenario only (also got "${parsed.positionals[1]}")`);
  const format = o.format;
  const engine = o.engine;
  if (format !== 'table' && format !== 'json') fail(`--format: "${format}" is not table or json`);
  if (engine !== 'native' && engine !== 'wasm') fail(`--engine: "${engine}" is not native or wasm`);
  if (o['trace-csv'] !== undefined && engine !== 'native') fail('--trace-csv: only with --engine native');
  const bounds: Bounds = {
    untilUs: positive('until', o.until),
    maxEvents: positive('max-events', o['max-events']),
    maxMemoryMib: positive('max-memory', o['max-memory']) ?? defaultMaxMemoryMib(),
    quiet: o.quiet,
  };
  const sets = parseSets(o.set ?? []);
  if (typeof sets === 'string') fail(sets);
  const sweep = o.sweep === undefined ? undefined : parseSweep(o.sweep);
  if (typeof sweep === 'string') fail(sweep);
  if (sweep && sets.some((x) => x.name === sweep.name)) fail(`--sweep: ${sweep.name} is also given by --set`);
  if (sweep && o['trace-csv'] !== undefined) fail('--trace-csv: not with --sweep (one trace per run)');
  const pathTarget = o['critical-path'] === undefined ? undefined : parsePathTarget(o['critical-path']);
  if (typeof pathTarget === 'string') fail(pathTarget);
  if (pathTarget && sweep) fail('--critical-path: not with --sweep (one path of one run)');
  if (o.iteration && !pathTarget) fail('--iteration: only with --critical-path');
  if (o.iteration && pathTarget && 'call' in pathTarget) fail('--iteration: not with an I/O call (an iteration is a ping-pong\'s)');
  const figure = o.figure === undefined ? undefined : parseFigure(o.figure);
  if (typeof figure === 'string') fail(`--figure: ${figure}`);
  if (figure && !sweep) fail('--figure: only with --sweep (a figure against the swept parameter)');
  const jobs = o.jobs === undefined ? availableParallelism() : positive('jobs', o.jobs)!;
  if (!Number.isInteger(jobs)) fail(`--jobs: "${o.jobs}" is not a whole number`);
  // A sweep's runs are independent: natively, `jobs` processes at once; the wasm engine runs in this one thread.
  const parallel = sweep && engine === 'native' ? Math.min(jobs, sweep.values.length) : 1;
  if (o['max-memory'] === undefined && parallel > 1) bounds.maxMemoryMib = Math.max(64, Math.floor(bounds.maxMemoryMib / parallel));
  // A single run's independent parts (core-wasm/app/run/session.h) go `jobs` at a time, unless it is bounded or traced.
  const partJobs = !sweep && engine === 'native' && o['trace-csv'] === undefined && !bounds.untilUs && !bounds.maxEvents ? jobs : 1;

  let file = parsed.positionals[0] ?? DEFAULT;
  if (!existsSync(file)) {  // a shipped scenario's id
    const shipped = shippedScenarios().find((s) => s.id === file);
    if (shipped) file = shipped.file;
  }
  let bytes: Buffer = Buffer.alloc(0);
  try {
    bytes = readFileSync(file);
  } catch {
    fail(`${file}: cannot read the file (nor is it a shipped scenario's id: see --list-scenarios)`);
  }
  // The same bound as a share link's scenario; shipped scenarios are under 25 KB.
  if (bytes.length > MAX_SCENARIO_CHARS)
    fail(`${file}: the file is ${(bytes.length / 1048576).toFixed(1)} MiB; a scenario file is at most ${MAX_SCENARIO_CHARS / 1048576} MiB`);
  let text = '';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fail(`${file}: not valid UTF-8 (at byte ${firstInvalidUtf8(bytes)}); a scenario file is UTF-8 JSON`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    fail(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const valid = validateScenario(doc);
  if (!valid.ok) fail(`${file}: ${valid.error}`);

  type Result = SimResult & { bounded?: { reason: string; sim_time_us: number; events: number; memory_mib?: number }; stalled?: string };
  /** One run of the scenario with `overrides` in its parameters; a refusal names the file and the field. */
  const runWith = async (overrides: ParameterValue[], label = ''): Promise<Result> => {
    let runText = text;
    if (overrides.length > 0) {
      const overridden = withParameters(doc as Record<string, unknown>, overrides);
      const checked = validateScenario(overridden);
      if (!checked.ok) fail(`${file}: ${checked.error}`);
      runText = JSON.stringify(overridden);
    }
    try {
      if (engine === 'native') {
        const extra = [
          ...(o['trace-csv'] !== undefined ? ['--trace-csv', o['trace-csv']] : []),
          ...(bounds.untilUs ? ['--until-us', String(bounds.untilUs)] : []),
          ...(bounds.maxEvents ? ['--max-events', String(Math.floor(bounds.maxEvents))] : []),
          '--max-memory-mib', String(bounds.maxMemoryMib),
          ...(bounds.quiet ? [] : ['--progress']),
        ];
        const parts = partJobs > 1 ? nativeParts(runText) : 1;
        if (parts > 1) return await runParts(runText, parts, label);
        return await runNativeStreaming(runText, extra, label);
      }
      return await runWasm(runText, bounds);
    } catch (e) {
      const message = (e as Error).message;
      // A value the core refuses that came from the command line: name the option, not the file.
      for (const x of overrides)
        if (message.startsWith(`parameters.${x.name}: `))
          fail(`--${sweep?.name === x.name ? 'sweep' : 'set'} ${x.name}=${x.value}: ${message.slice(`parameters.${x.name}: `.length)}`);
      fail(`${file}: ${message}`);
    }
  };
  /** The run as its `parts` independent part runs, `partJobs` at once, then merged (the same result as one run's). */
  const runParts = async (runText: string, parts: number, label: string): Promise<Result> => {
    const at = Math.min(partJobs, parts);
    const memory = String(o['max-memory'] === undefined ? Math.max(64, Math.floor(bounds.maxMemoryMib / at)) : bounds.maxMemoryMib);
    // In the page's order (web/src/run/partsWorker.ts partOrder: the first, then from the last); merged in part order.
    const order = partOrder(parts);
    const started = await mapInPool(order, at, (k) =>
      runNativeStreaming(runText, ['--part', String(k), '--max-memory-mib', memory, ...(bounds.quiet ? [] : ['--progress'])],
        `${label}part ${k + 1} of ${parts}: `) as unknown as Promise<PartResult>);
    const results = order.map((_, k) => started[order.indexOf(k)]);
    const cut = results.find((r) => r.bounded);
    if (cut) throw new Error(`part ${cut.part + 1} of ${parts} stopped by --max-memory (${cut.bounded!.memory_mib} MiB held) with ${at} parts running at once; run with --jobs 1 to run them one after another and keep what finished`);
    return mergeNative(runText, results);
  };
  const reference = (valid.scenario as { reference?: Parameters<typeof compareWithPaper>[1] }).reference;
  const tables = (result: Result) => {
    let out = formatTables(result, compareWithPaper(result, reference));
    // A shipped scenario's published figures (scenarios/fidelity/figures.json), read from this run.
    const id = (valid.scenario as { id: string }).id;
    const figures = readManifest().figures.filter((f) => f.scenario === id);
    if (figures.length > 0 && !result.bounded)
      out += `\nPublished figures from this scenario, read from this run (npm run fidelity has them all)${formatReport({ figures: figures.map((f) => figureRow(f, result as unknown as CheckResult)), not_modelled: [] })}`;
    if (result.stalled) out += `\nstalled: ${result.stalled}\n`;
    if (result.bounded)
      out += `\nbounded: stopped by ${result.bounded.reason === 'memory' ? `--max-memory (${result.bounded.memory_mib} MiB held)` : `--${result.bounded.reason === 'until' ? 'until' : 'max-events'}`} at ${result.bounded.sim_time_us} us simulated after ${result.bounded.events} events; the figures cover only what finished\n`;
    return out;
  };
  if (pathTarget) {
    const scenario = (sets.length > 0 ? withParameters(doc as Record<string, unknown>, sets) : doc) as { workload?: { series?: { id: string }[] } };
    try {
      const { path, title } = await runCriticalPath(JSON.stringify(scenario), (scenario.workload?.series ?? []).map((x) => x.id), pathTarget, o.iteration);
      process.stdout.write(format === 'json' ? `${JSON.stringify(pathJson(path))}\n` : pathTable(path, title));
    } catch (e) {
      const message = (e as Error).message;
      fail(message.startsWith('--critical-path') ? message : `${file}: ${message}`);
    }
    return;
  }
  if (!sweep) {
    const result = await runWith(sets);
    process.stdout.write(format === 'json' ? `${JSON.stringify(result)}\n` : tables(result));
    return;
  }
  // A sweep: every run first (a refused value fails before anything is printed), then the results in order.
  const runs = await mapInPool(sweep.values, parallel, async (value, i) => {
    if (!o.quiet) process.stderr.write(`sweep: ${sweep.name} = ${value} (run ${i + 1} of ${sweep.values.length})\n`);
    const label = parallel > 1 ? `${sweep.name} = ${value}: ` : '';
    return { value, result: await runWith([...sets, { name: sweep.name, value }], label) };
  });
  if (figure) {
    const points = runs.map((r) => ({ value: r.value, figure: figureValue(r.result as FigureSource, figure) }));
    if (points.every((p) => p.figure === null)) fail(`--figure: no run has ${formatFigure(figure)} (${describeFigure(figure)}); see the runs' series ids, sizes and table labels with --format json`);
    const unit = figureUnit(figure, runs[0].result as FigureSource);
    const paper = paperValue(valid.scenario as Scenario, figure);
    if (format === 'json') {
      process.stdout.write(`${JSON.stringify({ study: { parameter: sweep.name, figure: formatFigure(figure), unit, paper, points } })}\n`);
      return;
    }
    process.stdout.write(`study: ${sweep.name} against ${describeFigure(figure)} (${unit})${paper === null ? '' : `; paper ${paper} ${unit}`}\n`);
    const w = Math.max(sweep.name.length, ...points.map((p) => String(p.value).length));
    process.stdout.write(`${sweep.name.padStart(w)}  ${'figure'.padStart(12)}\n`);
    for (const p of points) process.stdout.write(`${String(p.value).padStart(w)}  ${(p.figure === null ? '—' : p.figure.toPrecision(6)).padStart(12)}\n`);
    return;
  }
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify({ sweep: { parameter: sweep.name, runs } })}\n`);
    return;
  }
  for (const r of runs) process.stdout.write(`\n== ${sweep.name} = ${r.value} ==\n${tables(r.result)}`);
}

// `npm run sim -- --list-scenarios | head`: a closed pipe ends the output, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
main().catch((e) => fail(String(e), 2));
