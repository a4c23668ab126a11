/** The sequence chart's left margin follows its longest time label. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axisLeftMargin } from '../src/charts/axisMargin.ts';
import { timeAxisScale } from '../src/charts/timeAxis.ts';

test('short labels keep the least margin; a long run\'s labels widen it', () => {
  const early = timeAxisScale(0, 100, [0, 200]);
  assert.equal(axisLeftMargin(early.scale.ticks(6).map(early.label), 11, 72), 72);
  const late = timeAxisScale(171_603_670, 171_603_770, [0, 200]);
  const labels = late.scale.ticks(6).map(late.label);
  assert.ok(labels.every((l) => l.startsWith('171,603,')), labels.join());
  const m = axisLeftMargin(labels, 11, 72);
  assert.ok(m > 72 && m >= labels[0].length * 0.62 * 11, String(m));
  assert.ok(axisLeftMargin(labels, 14, 72) > m);  // presentation mode's larger type
});
