// `npm run sim`: the JSON contract of the issue, the readable table, and one-line errors for bad files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../cli/engines';

function sim(args: string[]) {
  return spawnSync('npm', ['run', '--silent', 'sim', '--', ...args], { cwd: ROOT, encoding: 'utf8' });
}

test('--format json prints exactly one JSON object with the documented shape', () => {
  const r = sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json']);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout); // throws if there is anything but one JSON value
  assert.equal(out.scenario, 'portals-qsnet-pingpong');
  assert.match(out.fingerprint, /^[0-9a-f]{16}$/);
  assert.ok(out.events > 0);
  assert.deepEqual(out.series.map((s: { id: string }) => s.id), ['portals-put', 'portals-get', 'tports-send']);
  for (const s of out.series)
    for (const p of s.points) assert.deepEqual(Object.keys(p), ['bytes', 'latency_us', 'bandwidth_MBps']);
  assert.deepEqual(out.tables.map((t: { id: string }) => t.id), ['initiator-breakdown', 'nic-thread-breakdown']);
  const t1 = out.tables[0];
  assert.deepEqual(t1.columns, ['Portals', 'Tports']);
  assert.deepEqual(t1.rows.map((r: { label: string }) => r.label), ['Post receive for pong', 'Send ping', 'Wait for send to complete', 'Wait for pong to arrive', 'Total']);
  assert.equal(out.tables[1].rows.at(-1).label, 'Total');
  // One histogram per (workload, transport): 1 warm-up + 2 measured iterations, one message each way.
  assert.deepEqual(out.message_histograms.map((h: { id: string }) => h.id), ['pingpong/portals-put', 'pingpong/portals-get', 'pingpong/tports-send']);
  for (const h of out.message_histograms) {
    assert.equal(h.histogram.length, 25);
    for (const bin of h.histogram) assert.equal(bin.count, 6);
  }
});

test('with no arguments it runs the default scenario and prints readable tables', () => {
  const r = sim([]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /scenario portals-qsnet-pingpong/);
  assert.match(r.stdout, /Paper vs simulated/);
  assert.match(r.stdout, /Wait for pong to arrive/);
});

test('a bad scenario exits non-zero with one line naming the field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  const cases: [unknown, RegExp][] = [
    [{ format: 'hpc-interconnect-scenario', version: 1, id: 'x', cluster: { fabric: 'qsnet', nodes: 'many' }, workload: {} }, /\/cluster\/nodes: must be integer/],
    [{ format: 'hpc-interconnect-scenario', version: 1, id: 'x', cluster: { fabric: 'qsnet', nodes: 16 },
       workload: { kind: 'pingpong', initiator: 0, target: 5, sizes_bytes: [0], series: [{ id: 'a', protocol: 'portals', operation: 'put' }] },
       parameters: { 'pci.clock_MHz': 500 } }, /parameters\.pci\.clock_MHz: 500 MHz is outside/],
  ];
  cases.forEach(([doc, re], i) => {
    const f = join(dir, `bad${i}.json`);
    writeFileSync(f, JSON.stringify(doc));
    const r = sim([f, '--format', 'json']);
    assert.notEqual(r.status, 0);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], re);
  });
  const f = join(dir, 'broken.json');
  writeFileSync(f, '{"format": ');
  const r = sim([f]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr.trim(), /not valid JSON/);
});

test('the wasm engine gives the same JSON as the native one', () => {
  const a = sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json']);
  const b = sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json', '--engine', 'wasm']);
  assert.equal(a.stdout, b.stdout);
});

test('a grouped run (cluster.groups) labels each series with its measured pair and counts every pair of its stack', () => {
  const r = sim(['scenarios/qsnet-64-mixed-stacks.json', '--format', 'json']);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.series.map((s: { id: string }) => s.id), ['portals-put', 'tports-send']);
  assert.deepEqual(out.series.map((s: { pair: number[] }) => s.pair), [[0, 32], [16, 48]]);
  assert.equal(out.series[0].label, 'Portals PUT (pair 0-32, all groups at once)');
  for (const s of out.series)
    for (const p of s.points) assert.deepEqual(Object.keys(p), ['bytes', 'latency_us', 'bandwidth_MBps']);
  for (const t of out.tables) assert.match(t.label, /each column on its measured pair, all groups at once$/);
  // 16 pairs per stack x (1 warm-up + 2 measured) iterations x 2 messages.
  for (const h of out.message_histograms) for (const bin of h.histogram) assert.equal(bin.count, 96);
  // An ungrouped run keeps the documented shape: no pair.
  const plain = JSON.parse(sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json']).stdout);
  assert.ok(plain.series.every((s: object) => !('pair' in s)));
});

test('a bad node group exits non-zero with one line naming the group', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  const doc = {
    format: 'hpc-interconnect-scenario', version: 1, id: 'x',
    cluster: { fabric: 'qsnet', nodes: 16, groups: [{ nodes: [0, 7], series: 'p' }, { nodes: [4, 15], series: 't' }] },
    workload: { kind: 'pingpong', initiator: 0, target: 5, sizes_bytes: [0],
      series: [{ id: 'p', protocol: 'portals', operation: 'put' }, { id: 't', protocol: 'tports', operation: 'send' }] },
  };
  const f = join(dir, 'groups.json');
  writeFileSync(f, JSON.stringify(doc));
  const r = sim([f, '--format', 'json']);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr.trim(), /cluster\.groups\/1\.nodes: nodes 4-15 overlap group 0 \(nodes 0-7\)$/);
});

test('--help lists every option, the exit codes and examples; --version names the package', () => {
  const r = sim(['--help']);
  assert.equal(r.status, 0, r.stderr);
  for (const o of ['--format', '--engine', '--trace-csv', '--until', '--max-events', '--quiet', '--parameters', '--catalog', '--list-scenarios', '--help', '--version', '--critical-path', '--iteration', '--figure'])
    assert.ok(r.stdout.includes(o), `--help lacks ${o}`);
  assert.match(r.stdout, /exit codes/);
  assert.match(r.stdout, /examples/);
  const v = sim(['--version']);
  assert.equal(v.status, 0, v.stderr);
  assert.match(v.stdout, /^hpc-interconnect-emulator \d+\.\d+\.\d+/);
});

test('--list-scenarios lists every shipped scenario, and a shipped id runs like its file', () => {
  const r = sim(['--list-scenarios']);
  assert.equal(r.status, 0, r.stderr);
  const ids = r.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]);
  assert.ok(ids.includes('portals-qsnet-pingpong') && ids.includes('pvfs2-btio') && ids.includes('ib-verbs-pingpong'));
  assert.ok(!ids.includes('fingerprints') && !ids.includes('scenario.schema'));
  const byId = JSON.parse(sim(['portals-qsnet-pingpong', '--format', 'json']).stdout);
  const byFile = JSON.parse(sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json']).stdout);
  assert.equal(byId.fingerprint, byFile.fingerprint);
});

test('--until and --max-events bound a run and the output says so, natively and in wasm', () => {
  const until = JSON.parse(sim(['qsnet-256-half-shift', '--until', '40', '--format', 'json']).stdout);
  assert.equal(until.bounded.reason, 'until');
  assert.ok(until.bounded.sim_time_us <= 40 && until.bounded.sim_time_us > 39, String(until.bounded.sim_time_us));
  // Every event up to the bound runs and none after, in both engines: on the default scenario's sparse events a
  // bound once checked between slices of 4,096 events stopped at 958 us for --until 40.
  const bounded = ['native', 'wasm'].map((engine) => {
    const r = sim(['portals-qsnet-pingpong', '--until', '40', '--engine', engine, '--format', 'json']);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  });
  for (const out of bounded) {
    assert.equal(out.bounded.reason, 'until');
    assert.ok(out.bounded.sim_time_us <= 40 && out.bounded.sim_time_us > 30, String(out.bounded.sim_time_us));
  }
  assert.deepEqual([bounded[1].fingerprint, bounded[1].bounded], [bounded[0].fingerprint, bounded[0].bounded]);
  for (const engine of ['native', 'wasm']) {
    const r = sim(['qsnet-256-half-shift', '--max-events', '5000', '--engine', engine, '--format', 'json']);
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual([out.bounded.reason, out.bounded.events], ['max_events', 5000], engine);
  }
  const table = sim(['qsnet-256-half-shift', '--max-events', '5000']);
  assert.match(table.stdout, /bounded: stopped by --max-events/);
  const whole = JSON.parse(sim(['portals-qsnet-pingpong', '--format', 'json', '--until', '1e12']).stdout);
  assert.equal(whole.bounded, undefined); // finished before the bound
});

test('bad options are refused with exit 1 and one line naming the option', () => {
  for (const [args, pattern] of [
    [['--bogus'], /Unknown option '--bogus'/],
    [['--until=-5'], /--until: "-5" is not a positive number/],
    [['--until', '-5'], /--until: a value starting with "-" must be written --until=<value>/],
    [['--until'], /Option '--until <value>' argument missing/],
    [['--max-events', 'many'], /--max-events: "many" is not a positive number/],
    [['--format', 'xml'], /--format: "xml" is not table or json/],
    [['no-such-scenario'], /cannot read the file \(nor is it a shipped scenario's id/],
    [['--critical-path', 'portals-put'], /--critical-path: "portals-put" is neither SERIES:BYTES/],
    [['--critical-path', 'nope:0'], /--critical-path: series "nope" is not in the scenario \(its series: portals-put, portals-get, tports-send\)/],
    [['--critical-path', 'portals-put:3'], /--critical-path: the run has no message of series "portals-put" with 3 bytes/],
    [['--iteration'], /--iteration: only with --critical-path/],
    [['--critical-path', 'call:portals-put:0'], /--critical-path: I\/O calls count from 1/],
    [['--critical-path', 'call:nope'], /--critical-path: series "nope" is not in the scenario/],
    [['--critical-path', 'call:portals-put'], /--critical-path: the run has no PVFS2 I\/O call of series "portals-put" in its trace \(I\/O calls are a PVFS2 workload's\)/],
    [['--critical-path', 'call:portals-put', '--iteration'], /--iteration: not with an I\/O call/],
    [['--figure', 'latency:portals-put:0'], /--figure: only with --sweep/],
    [['--sweep', 'pci.clock_MHz=33', '--figure', 'latency:portals-put'], /--figure: "latency:portals-put" is not latency:SERIES:BYTES/],
  ] as [string[], RegExp][]) {
    const r = sim(args);
    assert.equal(r.status, 1, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, pattern);
  }
});

test('--sweep runs the scenario once per value: the default value gives the scenario\'s own fingerprint, another not', () => {
  const plain = JSON.parse(sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json']).stdout);
  const r = sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json', '--quiet', '--sweep', 'pci.clock_MHz=33,66']);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.sweep.parameter, 'pci.clock_MHz');
  assert.deepEqual(out.sweep.runs.map((x: { value: number }) => x.value), [33, 66]);
  assert.equal(out.sweep.runs[1].result.fingerprint, plain.fingerprint);  // 66 MHz is seed 002's PCI
  assert.notEqual(out.sweep.runs[0].result.fingerprint, plain.fingerprint);
  // A slower bus, a longer 1 MiB PUT.
  const lastLatency = (res: { series: { points: { latency_us: number }[] }[] }) => res.series[0].points.at(-1)!.latency_us;
  assert.ok(lastLatency(out.sweep.runs[0].result) > lastLatency(out.sweep.runs[1].result));
  // The readable form prints one block per value.
  const t = sim(['scenarios/portals-qsnet-pingpong.json', '--quiet', '--sweep', 'pci.clock_MHz=33,66']);
  assert.equal(t.status, 0, t.stderr);
  assert.deepEqual(t.stdout.match(/^== pci\.clock_MHz = \d+ ==$/gm), ['== pci.clock_MHz = 33 ==', '== pci.clock_MHz = 66 ==']);
});

test('--jobs: a sweep\'s runs go to parallel native processes and print the same whatever their number (1 and 4)', () => {
  const args = ['scenarios/portals-qsnet-pingpong.json', '--format', 'json', '--sweep', 'pci.clock_MHz=33,66,100,133'];
  const one = sim([...args, '--quiet', '--jobs', '1']);
  const four = sim([...args, '--jobs', '4']);
  assert.equal(one.status, 0, one.stderr);
  assert.equal(four.status, 0, four.stderr);
  assert.equal(four.stdout, one.stdout);
  const runs = JSON.parse(four.stdout).sweep.runs as { value: number; result: { fingerprint: string } }[];
  assert.deepEqual(runs.map((r) => r.value), [33, 66, 100, 133]);
  assert.equal(new Set(runs.map((r) => r.result.fingerprint)).size, 4, 'each value its own run');
  assert.equal((four.stderr.match(/^sweep: pci\.clock_MHz = \d+ \(run \d of 4\)$/gm) ?? []).length, 4, four.stderr);
  for (const [jobs, re] of [['0', /^--jobs: "0" is not a positive number$/], ['1.5', /^--jobs: "1\.5" is not a whole number$/]] as [string, RegExp][]) {
    const r = sim([...args, '--jobs', jobs]);
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr.trim(), re);
  }
});

test('--jobs: a NAS campaign\'s runs go to parallel native processes as parts; 1, 4 and the wasm engine print the same', () => {
  // 15 parts (3 benchmarks x (1 process + 4 transports)), each on a fresh machine (core-wasm/app/run/session.h).
  const args = ['scenarios/npb-sci-8node-small.json', '--format', 'json', '--quiet'];
  const one = sim([...args, '--jobs', '1']);
  const four = sim([...args, '--jobs', '4']);
  const wasm = sim([...args, '--engine', 'wasm']);
  for (const r of [one, four, wasm]) assert.equal(r.status, 0, r.stderr);
  assert.equal(four.stdout, one.stdout);
  assert.equal(wasm.stdout, one.stdout);
  const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8')) as Record<string, string>;
  assert.equal(JSON.parse(four.stdout).fingerprint, golden['npb-sci-8node-small']);
  // Bounded or traced, the parts run one after another in one process: the same figures.
  const bounded = sim([...args, '--jobs', '4', '--max-events', '100000000']);
  assert.equal(bounded.status, 0, bounded.stderr);
  assert.equal(JSON.parse(bounded.stdout).fingerprint, golden['npb-sci-8node-small']);
});

test('--set overrides a parameter; a value the core refuses names the option, with nothing on stdout', () => {
  const plain = JSON.parse(sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json']).stdout);
  const set = sim(['scenarios/portals-qsnet-pingpong.json', '--format', 'json', '--set', 'pci.clock_MHz=33']);
  assert.equal(set.status, 0, set.stderr);
  assert.notEqual(JSON.parse(set.stdout).fingerprint, plain.fingerprint);
  for (const [args, re] of [
    [['--set', 'pci.clock_MHz=500'], /^--set pci\.clock_MHz=500: 500 MHz is outside the allowed range \[33, 133\]$/],
    [['--sweep', 'pci.clock_MHz=66,500'], /^--sweep pci\.clock_MHz=500: 500 MHz is outside the allowed range/],
    [['--set', 'pci.no_such_ns=1'], /^--set pci\.no_such_ns=1: unknown parameter/],
    [['--set', 'pci.clock_MHz=fast'], /^--set: "fast" is not a number$/],
    [['--sweep', 'pci.clock_MHz=33', '--set', 'pci.clock_MHz=66'], /^--sweep: pci\.clock_MHz is also given by --set$/],
  ] as [string[], RegExp][]) {
    const r = sim(['scenarios/portals-qsnet-pingpong.json', '--quiet', ...args]);
    assert.equal(r.status, 1, args.join(' '));
    assert.equal(r.stdout, '');
    assert.match(r.stderr.trim(), re);
  }
});

test('--max-memory stops a run that grows past it, bounded, natively and in wasm; the table says so', () => {
  // 4,096 QsNetII nodes posting 4,095 receives each (issue 39): about 100 B more per event, natively and in wasm.
  const dir = mkdtempSync(join(tmpdir(), 'hpcsim-mem-'));
  const file = join(dir, 'alltoall-4096.json');
  const s = JSON.parse(readFileSync(join(ROOT, 'scenarios/ompi-elan4-64-alltoall.json'), 'utf8'));
  s.cluster.nodes = 4096;
  s.workload.bytes = 1024;
  s.workload.series = s.workload.series.slice(0, 1);
  writeFileSync(file, JSON.stringify(s));
  const native = sim([file, '--max-memory', '300', '--format', 'json', '--quiet']);
  assert.equal(native.status, 0, native.stderr);
  const out = JSON.parse(native.stdout);
  assert.equal(out.bounded.reason, 'memory');
  assert.ok(out.bounded.memory_mib >= 300, String(out.bounded.memory_mib));
  assert.ok(out.bounded.events > 0);
  // In wasm the heap is checked after each slice: a bound below the module's memory at start stops it after one.
  const wasm = sim(['ompi-elan4-progress', '--engine', 'wasm', '--max-memory', '1', '--format', 'json', '--quiet']);
  assert.equal(wasm.status, 0, wasm.stderr);
  const w = JSON.parse(wasm.stdout);
  assert.deepEqual([w.bounded.reason, w.bounded.events > 0, w.bounded.memory_mib >= 1], ['memory', true, true]);
  assert.match(sim(['ompi-elan4-progress', '--max-memory', '1', '--quiet']).stdout, /bounded: stopped by --max-memory \(\d+ MiB held\)/);
  const r = sim([file, '--max-memory', 'lots']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /--max-memory: "lots" is not a positive number/);
});

test('--critical-path prints the Portals 0-byte PUT\'s path: one JSON object, segments tiling its time, the NIC thread\'s Match on it', () => {
  const r = sim(['portals-qsnet-pingpong', '--critical-path', 'portals-put:0', '--format', 'json']);
  assert.equal(r.status, 0, r.stderr);
  const { critical_path: p } = JSON.parse(r.stdout) as {
    critical_path: { message: number; total_us: number; start_us: number; end_us: number; segments: { start_us: number; end_us: number; resource: string; step: string; node: number | null }[]; by_resource_us: Record<string, number> };
  };
  assert.ok(p.message > 0);
  const sum = Object.values(p.by_resource_us).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - p.total_us) < 1e-3, `${sum} vs ${p.total_us}`);
  assert.ok(Math.abs(p.segments[0].start_us - p.start_us) < 1e-6 && Math.abs(p.segments.at(-1)!.end_us - p.end_us) < 1e-6);
  const match = p.segments.find((s) => s.step === 'Match');
  assert.equal(match?.resource, 'nic');
  assert.equal(match?.node, 5, 'the target\'s NIC thread matches the PUT');
  const table = sim(['portals-qsnet-pingpong', '--critical-path', 'portals-put:0', '--iteration']);
  assert.equal(table.status, 0, table.stderr);
  assert.match(table.stdout, /time per resource/);
  assert.match(table.stdout, /Wait for arrival/);
});

test('--sweep with --figure prints the figure against the parameter: one JSON object, the paper\'s value beside it', () => {
  const r = sim(['--sweep', 'pci.clock_MHz=33,133', '--figure', 'latency:portals-put:0', '--format', 'json', '--quiet']);
  assert.equal(r.status, 0, r.stderr);
  const { study } = JSON.parse(r.stdout) as { study: { parameter: string; figure: string; unit: string; paper: number; points: { value: number; figure: number }[] } };
  assert.equal(study.parameter, 'pci.clock_MHz');
  assert.equal(study.figure, 'latency:portals-put:0');
  assert.equal(study.unit, 'us');
  assert.equal(study.paper, 18.05);
  assert.deepEqual(study.points.map((p) => p.value), [33, 133]);
  assert.ok(study.points[0].figure > study.points[1].figure, 'a slower PCI bus, a longer latency');
  const none = sim(['--sweep', 'pci.clock_MHz=33', '--figure', 'latency:portals-put:3', '--quiet']);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /--figure: no run has latency:portals-put:3/);
});
