// The paper check (scenarios/fidelity/figures.json, `npm run fidelity`): every published figure that the model
// reproduces stays within its tolerance, every known miss still gives the value it was recorded with (so no change
// can silently break or shift a reproduction), the page's snapshot (scenarios/fidelity/report.json) is what a fresh
// run prints, and declared calibration keeps its rule: at most two calibrated parameters for seed 000 and one for
// seed 001, each naming a figure the report marks calibrated.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ensureNative, NATIVE_BIN } from '../../cli/engines';
import { fidelityReport } from '../../cli/fidelity';
import { readManifest, REPORT } from '../../cli/fidelityReport';
import { evaluate, figureRow, heldState, within, type CheckResult, type Figure } from '../../js/paperCheck';

const manifest = readManifest();

test('every figure keeps its recorded state, and the page shows a fresh report', async () => {
  const { report, errors } = await fidelityReport(manifest, 2);
  assert.deepEqual([...errors.keys()], [], 'every scenario runs');
  const broken = manifest.figures.map((f) => heldState(f, report.figures.find((r) => r.id === f.id)!)).filter((w) => w);
  assert.deepEqual(broken, []);
  const snapshot = JSON.parse(readFileSync(REPORT, 'utf8'));
  assert.deepEqual(snapshot, JSON.parse(JSON.stringify(report)), 'run `npm run fidelity -- --write` and commit the report');
});

test('declared calibration: few calibrated parameters, each naming a calibrated figure of its seed', () => {
  ensureNative();
  const r = spawnSync(NATIVE_BIN, ['--parameters'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const registry = JSON.parse(r.stdout) as { name: string; source: string }[];
  const calibrated = registry.filter((p) => /^calibrated: /.test(p.source));
  const bySeed = (seed: string) => calibrated.filter((p) => p.source.startsWith(`calibrated: seed ${seed},`));
  assert.ok(bySeed('000').length <= 2, bySeed('000').map((p) => p.name).join(', '));
  assert.ok(bySeed('001').length <= 1, bySeed('001').map((p) => p.name).join(', '));
  for (const p of calibrated) {
    // "calibrated: seed 000, BT-IO table, Elan4 LIO I/O time, 5.61 s"
    const m = /^calibrated: seed (\d{3}), (.+), ([\d.]+) (\S+)/.exec(p.source);
    assert.ok(m, `${p.name}: its source names seed, figure, value: ${p.source}`);
    const [, seed, , value] = m;
    const figure = manifest.figures.find((f) => f.seed === seed && f.kind === 'calibrated' && f.paper === Number(value));
    assert.ok(figure, `${p.name}: no calibrated figure of seed ${seed} with the value ${value}`);
  }
  // Figures marked calibrated belong to a calibrated parameter (directly, or as a sum of such figures).
  for (const f of manifest.figures.filter((x) => x.kind === 'calibrated')) assert.ok(f.note, `${f.id} says what calibrates it`);
});

const result: CheckResult = {
  series: [
    { id: 'a', points: [{ bytes: 0, latency_us: 10, bandwidth_MBps: 0 }, { bytes: 64, latency_us: 12, bandwidth_MBps: 5 }] },
    { id: 'b', points: [{ bytes: 0, latency_us: 4, bandwidth_MBps: 0 }, { bytes: 64, latency_us: 5, bandwidth_MBps: 9 }] },
  ],
  tables: [{ id: 't', columns: ['x', 'y'], rows: [{ label: 'r', values: [3, null] }] }],
};

test('expressions read cells, points, differences, gains and mean gaps', () => {
  assert.equal(evaluate({ table: 't', row: 'r', column: 'x' }, result), 3);
  assert.equal(evaluate({ point: 'b', bytes: 64, field: 'bandwidth_MBps' }, result), 9);
  assert.equal(evaluate({ gain: [{ point: 'a', bytes: 0, field: 'latency_us' }, { point: 'b', bytes: 0, field: 'latency_us' }] }, result), 150);
  assert.equal(evaluate({ reduction: [{ point: 'b', bytes: 0, field: 'latency_us' }, { point: 'a', bytes: 0, field: 'latency_us' }] }, result), 60);
  assert.equal(evaluate({ mean_gap: { a: 'a', b: 'b', max_bytes: 1024 } }, result), 6.5);
  assert.throws(() => evaluate({ table: 't', row: 'r', column: 'y' }, result), /empty/);
  assert.throws(() => evaluate({ point: 'c', bytes: 0, field: 'latency_us' }, result), /no point/);
});

test('tolerances: relative, absolute points, claims and orders', () => {
  const f = (tolerance: Figure['tolerance'], paper: number | string = 10): Figure =>
    ({ id: 'f', seed: '000', figure: '', scenario: '', paper, unit: '%', tolerance, kind: 'predicted', model: { table: 't', row: 'r', column: 'x' } });
  assert.equal(within(f({ relative: 0.1 }), 11), true);
  assert.equal(within(f({ relative: 0.1 }), 11.01), false);
  assert.equal(within(f({ absolute: 15 }, 89), 74), true);
  assert.equal(within(f({ absolute: 15 }, 89), 73.9), false);
  assert.equal(within(f({ above: 0 }), 0), false);
  assert.equal(within(f({ below: 0.5 }), 0.2), true);
  assert.equal(within(f({ order: true }, 'a < b'), 'a < b'), true);
  assert.equal(within(f({ order: true }, 'a < b'), 'b < a'), false);
  // A row for a figure whose scenario failed has no model value and does not pass.
  assert.equal(figureRow(f({ relative: 0.1 }), new Error('x')).pass, false);
  // A known miss that moves, or starts passing, is reported.
  const miss = { ...f({ relative: 0.1 }), known_miss: { model: 20, reason: 'r' } };
  assert.match(heldState(miss, figureRow(miss, { ...result, tables: [{ id: 't', columns: ['x'], rows: [{ label: 'r', values: [21] }] }] })), /moved from 20 to 21/);
  assert.equal(heldState(miss, figureRow(miss, { ...result, tables: [{ id: 't', columns: ['x'], rows: [{ label: 'r', values: [20] }] }] })), '');
});
