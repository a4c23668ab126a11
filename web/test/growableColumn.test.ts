import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grown, RESERVE_FROM } from '../src/trace/growableColumn.ts';

test('a small column is copied as it grows; once large it grows in place, keeping its elements', () => {
  let c = new Float64Array(4);
  c.set([1, 2, 3]);
  const small = grown(c, Float64Array, 8, 3);
  assert.notEqual(small, c, 'small: a new array');
  assert.deepEqual(Array.from(small.subarray(0, 3)), [1, 2, 3]);
  c = grown(small, Float64Array, RESERVE_FROM, 3);
  assert.equal((c.buffer as ArrayBuffer).resizable, true, 'large: a resizable buffer');
  c[RESERVE_FROM - 1] = 42;
  const again = grown(c, Float64Array, 4 * RESERVE_FROM, RESERVE_FROM);
  assert.equal(again, c, 'grown in place: the same array');
  assert.equal(again.length, 4 * RESERVE_FROM);
  assert.deepEqual([again[0], again[2], again[RESERVE_FROM - 1]], [1, 3, 42]);
  assert.equal(grown(again, Float64Array, 16, 3), again, 'room enough: unchanged');
});
