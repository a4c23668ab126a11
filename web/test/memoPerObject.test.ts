// hooks/memoPerObject.ts: one value per key object and its last other arguments, computed once while they hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoPerObject } from '../src/hooks/memoPerObject.ts';

test('the same key and arguments return the first value without computing again', () => {
  let calls = 0;
  const area = memoPerObject((box: { name: string }, w: number, h: number) => ({ box: box.name, area: w * h, call: ++calls }));
  const a = { name: 'a' };
  const first = area(a, 2, 3);
  assert.equal(area(a, 2, 3), first);
  assert.equal(calls, 1);
  const wider = area(a, 4, 3);
  assert.notEqual(wider, first);
  assert.equal(wider.area, 12);
  assert.equal(calls, 2);
  assert.equal(area(a, 4, 3), wider, 'the last arguments are kept');
  assert.equal(calls, 2);
});

test('each key object has its own value, and an equal but different object is another key', () => {
  let calls = 0;
  const named = memoPerObject((box: { name: string }) => `${box.name}#${++calls}`);
  const a = { name: 'a' };
  const b = { name: 'a' };
  assert.equal(named(a), 'a#1');
  assert.equal(named(b), 'a#2');
  assert.equal(named(a), 'a#1');
  assert.equal(named(b), 'a#2');
});
