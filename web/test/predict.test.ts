// Predict, then run (core-wasm/js/predict.ts): the right choice is read from the run (least or most), a number
// question's answer is the figure or its saving in percent with the paper's beside it, and a run without the figures
// has no answer yet. Every shipped walkthrough's prediction names figures the CLI's text form accepts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { predictAnswer, type Predict } from '../../core-wasm/js/predict.ts';
import { parseFigure } from '../../core-wasm/js/studyFigure.ts';

const RESULT = {
  series: [
    { id: 'read', points: [{ bytes: 4096, latency_us: 15.3, bandwidth_MBps: 268 }] },
    { id: 'write', points: [{ bytes: 4096, latency_us: 16.1, bandwidth_MBps: 254 }] },
  ],
  tables: [{ id: 'btio', columns: ['Duration', 'IO time'], rows: [{ label: 'SG', values: [64, 2.32] }, { label: 'LIO', values: [67, 5.6] }] }],
};

test('a choice question: the least or the most figure in the run is the right choice', () => {
  const p: Predict = { question: 'q', explanation: 'e', pick: 'least', choices: [{ label: 'write', figure: 'latency:write:4096' }, { label: 'read', figure: 'latency:read:4096' }] };
  assert.deepEqual(predictAnswer(p, RESULT, {}), { kind: 'choice', right: 1, values: [16.1, 15.3] });
  const most: Predict = { ...p, pick: 'most', choices: [{ label: 'write', figure: 'bandwidth:write:4096' }, { label: 'read', figure: 'bandwidth:read:4096' }] };
  assert.equal((predictAnswer(most, RESULT, {}) as { right: number }).right, 1);
  assert.equal(predictAnswer(p, null, {}), null);
  assert.equal(predictAnswer({ ...p, choices: [{ label: 'x', figure: 'latency:x:1' }, p.choices![1]] }, RESULT, {}), null, 'a figure the run lacks');
});

test('a number question: the figure or its saving in percent, with the paper\'s', () => {
  const p: Predict = { question: 'q', explanation: 'e', number: { figure: 'table:btio:SG:IO time', saving_from: 'table:btio:LIO:IO time', min: 0, max: 100, step: 5, unit: '%' } };
  const reference = { reference: { tables: [{ id: 'btio', label: 'BT-IO', columns: ['Duration', 'IO time'], rows: [{ label: 'SG', values: [63.83, 2.12] }, { label: 'LIO', values: [67.32, 5.61] }] }] } };
  const a = predictAnswer(p, RESULT, reference) as { kind: 'number'; value: number; paper: number };
  assert.ok(Math.abs(a.value - ((5.6 - 2.32) / 5.6) * 100) < 1e-9);
  assert.ok(Math.abs(a.paper - ((5.61 - 2.12) / 5.61) * 100) < 1e-9);
  const plain = predictAnswer({ ...p, number: { ...p.number!, saving_from: undefined } }, RESULT, {}) as { value: number; paper: null };
  assert.equal(plain.value, 2.32);
  assert.equal(plain.paper, null);
});

test('every shipped prediction names figures in the text form, and one per seed system exists', () => {
  const dir = join(process.cwd(), 'scenarios');
  // The paper each walkthrough follows, from its citations ("Seed 002 ...").
  const seeds = new Set<string>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json') && x !== 'scenario.schema.json' && x !== 'fingerprints.json')) {
    const s = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    for (const w of s.walkthroughs ?? [])
      for (const step of w.steps) {
        const p = step.predict as Predict | undefined;
        if (!p) continue;
        for (const t of [...(p.choices ?? []).map((c) => c.figure), p.number?.figure, p.number?.saving_from].filter((x): x is string => !!x))
          assert.notEqual(typeof parseFigure(t), 'string', `${f} ${w.id}: ${t}`);
        const cited = JSON.stringify(w).match(/Seed (00\d)/i);
        assert.ok(cited, `${f} ${w.id} cites no seed`);
        seeds.add(cited[1]);
      }
  }
  assert.deepEqual([...seeds].sort(), ['000', '001', '002', '003'], `predictions in seeds ${[...seeds].join(', ')}`);
});
