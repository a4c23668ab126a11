// The critical path (core-wasm/js/criticalPath.ts) checked against the seeds' own splits (issue 38 item 3): seed 002
// Table 1's four initiator steps are the phases of a Portals 0-byte ping-pong iteration, Table 2's NIC-thread steps
// lie in order on the path of an arriving 0-byte PUT, and seed 001's One-Thread overhead splits into its interrupt
// and threading parts. Also: the segments tile the unit's time, and every record's cause is an earlier record.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadWasm, ROOT } from '../../cli/engines';
import { criticalPath, firstMessageOf, PathContext, type CriticalPath } from '../../js/criticalPath';
import { pathSteps, stepTotals } from '../../js/pathSteps';
import { ioCalls } from '../../js/ioCalls';
import { runKeepingTrace } from '../../js/traceRun';

interface Table {
  id: string;
  rows: { label: string; values: number[] }[];
}
interface Reference {
  tables: { id: string; rows: { label: string; values: number[] }[] }[];
}

/** A shipped ping-pong scenario cut to `sizes` and the series `keep`. */
function pingpong(file: string, keep: string[], sizes: number[]): { text: string; doc: { workload: { series: { id: string }[] }; reference: Reference } } {
  const doc = JSON.parse(readFileSync(join(ROOT, 'scenarios', file), 'utf8'));
  doc.workload.sizes_bytes = sizes;
  doc.workload.series = doc.workload.series.filter((s: { id: string }) => keep.includes(s.id));
  delete doc.walkthroughs;
  return { text: JSON.stringify(doc), doc };
}

/** The segments are in order, touch end to end, and their resources' totals sum to the unit's time. */
function assertTiles(path: CriticalPath): void {
  let t = path.start_ps;
  for (const s of path.segments) {
    assert.ok(Math.abs(s.start_ps - t) < 1, `segment "${s.step}" starts at ${s.start_ps}, the previous ended at ${t}`);
    assert.ok(s.end_ps > s.start_ps, `segment "${s.step}" is empty`);
    t = s.end_ps;
  }
  assert.ok(Math.abs(t - path.end_ps) < 1);
  const sum = Object.values(path.by_resource_ps).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - (path.end_ps - path.start_ps)) < 1);
}

const within = (model: number, paper: number, tol: number, what: string) =>
  assert.ok(Math.abs(model - paper) <= tol * paper, `${what}: ${model.toFixed(3)} us, expected ${paper} us within ${tol * 100}%`);

test('seed 002 Table 1: a Portals 0-byte iteration has the initiator\'s four steps as its phases, in order', async () => {
  const core = await loadWasm();
  const { text, doc } = pingpong('portals-qsnet-pingpong.json', ['portals-put'], [0]);
  const run = runKeepingTrace<{ tables: Table[] }>(core, text);
  for (let r = 0; r < run.trace.length; r++) assert.ok(run.trace.cause[r] <= r, `record ${r}'s cause ${run.trace.cause[r]} is not an earlier record`);
  const ping = firstMessageOf(run.trace, 0, 0)!;
  const path = criticalPath(run.trace, new PathContext(run.topology), { kind: 'iteration', message: ping });
  assertTiles(path);
  const table1 = doc.reference.tables.find((t) => t.id === 'initiator-breakdown')!.rows;
  const modelTable = run.result.tables.find((t) => t.id === 'initiator-breakdown')!.rows;
  assert.deepEqual(path.phases.map((p) => p.step), ['Post receive', 'Send', 'Wait for send to complete', 'Wait for arrival']);
  path.phases.forEach((p, i) => {
    // The same host steps as the run's own Table 1 (its rows average the measured iterations).
    within((p.end_ps - p.start_ps) / 1e6, modelTable[i].values[0], 0.05, `phase ${p.step} against the run's Table 1`);
  });
  within((path.end_ps - path.start_ps) / 1e6, table1[4].values[0], 0.05, 'the iteration against Table 1\'s total');
  // The iteration's path crosses both NICs' threads and the links in each direction.
  const nodes = new Set(path.segments.filter((s) => s.resource === 'nic').map((s) => s.node));
  assert.deepEqual([...nodes].sort(), [0, 5]);
  assert.ok(path.by_resource_ps.link > 0 && path.by_resource_ps.pci > 0 && path.by_resource_ps.host_cpu > 0);
});

test('seed 002 Table 2: the NIC thread\'s steps for an arriving 0-byte PUT lie on its path, in order, with Table 2\'s times', async () => {
  const core = await loadWasm();
  const { text, doc } = pingpong('portals-qsnet-pingpong.json', ['portals-put'], [0]);
  const run = runKeepingTrace(core, text);
  const ping = firstMessageOf(run.trace, 0, 0)!;
  const path = criticalPath(run.trace, new PathContext(run.topology), { kind: 'message', message: ping });
  assertTiles(path);
  const table2 = doc.reference.tables.find((t) => t.id === 'nic-thread-breakdown')!.rows.slice(0, -1);
  // The target's (node 5's) NIC-thread records on the path, their whole spans summed per step, in order.
  const steps = new Map<string, number>();
  for (const s of pathSteps(run.trace, path)) if (s.resource === 'nic' && s.node === 5 && table2.some((row) => row.label === s.step)) steps.set(s.step, (steps.get(s.step) ?? 0) + s.record_ps / 1e6);
  assert.deepEqual([...steps.keys()], table2.map((row) => row.label));
  for (const row of table2) within(steps.get(row.label)!, row.values[0], 0.05, `Table 2 ${row.label}`);
});

test('seed 001: One-Thread\'s overhead on the path splits into interrupt (~9 us) and threading (~8 us)', async () => {
  const core = await loadWasm();
  const { text } = pingpong('ompi-elan4-progress.json', ['ompi-read-one-thread'], [4]);
  const run = runKeepingTrace(core, text);
  const message = firstMessageOf(run.trace, 0, 4)!;
  const path = criticalPath(run.trace, new PathContext(run.topology), { kind: 'message', message });
  assertTiles(path);
  const part = (step: string) => path.segments.filter((s) => s.resource === 'wakeup' && s.step === step).reduce((a, s) => a + (s.end_ps - s.start_ps) / 1e6, 0);
  // §4.3: "~9 us interrupts, ~8 us threading" (approximate figures: 15%).
  within(part('woken by an interrupt'), 9, 0.15, 'interrupt wake-up');
  within(part('woken by another thread'), 8, 0.15, 'thread wake-up');
});

test('seed 000: a PVFS2 I/O call\'s path tiles the call; LIO\'s holds its pack/unpack on the host, SG-LIO\'s does not; both wait on Trove', async () => {
  const core = await loadWasm();
  const doc = JSON.parse(readFileSync(join(ROOT, 'scenarios', 'pvfs2-mpi-tile-io.json'), 'utf8'));
  doc.trace = { max_records: 5_000_000, max_records_per_run: 0 };
  delete doc.walkthroughs;
  const run = runKeepingTrace(core, JSON.stringify(doc));
  for (let r = 0; r < run.trace.length; r++) assert.ok(run.trace.cause[r] <= r, `record ${r}'s cause ${run.trace.cause[r]} is not an earlier record`);
  const calls = ioCalls(run.trace);
  // Tile-IO: each of the 4 clients writes then reads its 1024-row tile in calls of 64 rows, per series.
  assert.equal(calls.length, 3 * 4 * 2 * (1024 / 64));
  const steps = (series: number) => {
    const call = calls.filter((c) => c.series === series)[4];
    assert.ok(call.end_ps > call.start_ps);
    const path = criticalPath(run.trace, new PathContext(run.topology), { kind: 'call', message: 0, call });
    assertTiles(path);
    assert.ok(path.by_resource_ps.storage > 0, 'the call waits on Trove');
    return new Map(stepTotals(path).map((t) => [t.step, t.ps]));
  };
  const sg = steps(doc.workload.series.findIndex((s: { id: string }) => s.id === 'sg-lio'));
  const lio = steps(doc.workload.series.findIndex((s: { id: string }) => s.id === 'lio'));
  assert.ok((lio.get('LIO pack / unpack') ?? 0) > 0, 'LIO packs on the path');
  assert.equal(sg.get('LIO pack / unpack'), undefined, 'SG-LIO never packs');
  assert.ok((sg.get('AIO pread / pwrite') ?? 0) > 0 && (lio.get('AIO pread / pwrite') ?? 0) > 0);
});
