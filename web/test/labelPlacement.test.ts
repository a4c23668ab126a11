/**
 * The sequence chart's label placement (charts/labelPlacement.ts): labels that would cover one another are dropped,
 * the first given kept; labels clear of each other all stay.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHAR_EM, placeLabels } from '../src/charts/labelPlacement.ts';

test('labels at the same midpoint: only the first is drawn', () => {
  const same = { x: 200, y: 100, text: 'Elan4-SG-LIO · 5344 B' };
  assert.deepEqual(placeLabels([same, { ...same }, { ...same, text: 'Elan4-SG-LIO · 48 B' }], 11), [true, false, false]);
});

test('labels apart in x or y are all drawn', () => {
  const text = 'Elan4-SG-LIO · 5344 B';
  const width = text.length * CHAR_EM * 11;
  const labels = [
    { x: 100, y: 100, text },
    { x: 100 + width + 5, y: 100, text }, // beside the first, clear of it
    { x: 100, y: 100 + 11 + 5, text }, // below the first, clear of it
  ];
  assert.deepEqual(placeLabels(labels, 11), [true, true, true]);
});

test('a label that touches a kept one is dropped, and does not block a later one', () => {
  const text = 'a · 8 B'; // 7 characters
  const width = text.length * CHAR_EM * 11;
  const labels = [
    { x: 100, y: 100, text },
    { x: 100 + width / 2, y: 104, text }, // overlaps the first
    { x: 100 + width + 5, y: 100, text }, // overlaps the dropped second only
  ];
  assert.deepEqual(placeLabels(labels, 11), [true, false, true]);
});

test('a larger font makes the same labels collide', () => {
  const text = 'Elan4 LIO · 80 KiB';
  const labels = [{ x: 100, y: 100, text }, { x: 100 + text.length * CHAR_EM * 11 + 6, y: 100, text }];
  assert.deepEqual(placeLabels(labels, 11), [true, true]);
  assert.deepEqual(placeLabels(labels, 14), [true, false]);
});
