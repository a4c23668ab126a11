import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grown, LARGE_CAPACITY, LARGE_FROM } from '../src/trace/growableColumn.ts';

test('a small column is copied as it doubles; at LARGE_FROM it jumps to LARGE_CAPACITY once, keeping its elements', () => {
  let c = new Float64Array(4);
  c.set([1, 2, 3]);
  const small = grown(c, Float64Array, 8, 3);
  assert.notEqual(small, c, 'small: a new array');
  assert.equal(small.length, 8, 'small: the capacity asked for');
  assert.deepEqual(Array.from(small.subarray(0, 3)), [1, 2, 3]);
  c = grown(small, Float64Array, LARGE_FROM, 3);
  assert.equal(c.length, LARGE_CAPACITY, 'large: the trace cap at once');
  assert.deepEqual(Array.from(c.subarray(0, 3)), [1, 2, 3]);
  c[LARGE_FROM - 1] = 42;
  assert.equal(grown(c, Float64Array, 4 * LARGE_FROM, LARGE_FROM), c, 'within LARGE_CAPACITY: the same array, no copy');
  const past = grown(c, Float64Array, 2 * LARGE_CAPACITY, LARGE_FROM);
  assert.equal(past.length, 2 * LARGE_CAPACITY, 'past the cap: doubled by copying');
  assert.deepEqual([past[0], past[2], past[LARGE_FROM - 1]], [1, 3, 42]);
  assert.equal(grown(past, Float64Array, 16, 3), past, 'room enough: unchanged');
});

test('Uint32 and Int32 columns grow the same way', () => {
  const u = grown(new Uint32Array([7, 8]), Uint32Array, LARGE_FROM + 1, 2);
  assert.ok(u instanceof Uint32Array);
  assert.equal(u.length, LARGE_CAPACITY);
  assert.deepEqual([u[0], u[1]], [7, 8]);
  const i = grown(new Int32Array([-1]), Int32Array, 3, 1);
  assert.ok(i instanceof Int32Array);
  assert.equal(i[0], -1);
});
