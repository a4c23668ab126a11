/** Simulated times as the controls show them: µs to the ns, thousands grouped. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatUs, formatUsTick } from '../src/charts/formatUs.ts';

test('µs with three decimals, thousands grouped', () => {
  assert.equal(formatUs(0), '0.000');
  assert.equal(formatUs(2_276_000), '2.276');
  assert.equal(formatUs(130_450_315_000), '130,450.315');
  assert.equal(formatUs(62_902_685_953_000), '62,902,685.953');
  assert.equal(formatUs(1_500), '0.002');   // 1.5 ns rounds to the ns
});

test('axis ticks: µs to 0.1, thousands grouped', () => {
  assert.equal(formatUsTick(20_000_000), '20.0');
  assert.equal(formatUsTick(171_603_680_000_000), '171,603,680.0');
});
