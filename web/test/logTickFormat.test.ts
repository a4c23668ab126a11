/** The latency axis's labels: plain below 1,000 µs, SI from 1,000 on. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scaleLog } from 'd3-scale';
import { logTickLabel } from '../src/charts/logTickFormat.ts';

test('plain below 1,000, SI from 1,000 on', () => {
  assert.deepEqual([0.5, 1, 10, 100, 1000, 10_000, 100_000, 1_000_000].map(logTickLabel), ['0.5', '1', '10', '100', '1k', '10k', '100k', '1M']);
});

test('the log scale\'s thinning keeps the powers of ten, labelled ours', () => {
  const y = scaleLog().domain([1, 1_000_000]).range([200, 0]);
  const thinned = y.tickFormat(5, '~g');
  const labels = y.ticks(5).filter((v) => thinned(v) !== '').map(logTickLabel);
  assert.deepEqual(labels, ['1', '10', '100', '1k', '10k', '100k', '1M']);
});
