/** The inspector's node field: which typed texts name a node of the cluster. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeOf } from '../src/scenario/nodeNumber.ts';

test('a whole number below the node count names that node', () => {
  assert.equal(nodeOf('0', 16), 0);
  assert.equal(nodeOf('15', 16), 15);
  assert.equal(nodeOf(' 3000 ', 4096), 3000);
});

test('anything else names none', () => {
  for (const text of ['', ' ', '16', '-1', '1.5', '1e3', '0x10', 'abc', '4096']) assert.equal(nodeOf(text, 16), null, text);
});
