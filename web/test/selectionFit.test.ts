/** A selection kept across a scenario change fits the new cluster only if its node or switch is there. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectionFits } from '../src/state/selectionFit.ts';

const topology = { components: [{ id: 0, kind: 'host' }, { id: 7, kind: 'switch' }, { id: 9, kind: 'nic' }] } as never;

test('a node fits below the node count', () => {
  assert.equal(selectionFits({ kind: 'node', node: 1 }, 2, topology), true);
  assert.equal(selectionFits({ kind: 'node', node: 15 }, 2, topology), false);
  assert.equal(selectionFits(null, 2, topology), false);
});

test('a switch fits when the topology has that switch', () => {
  assert.equal(selectionFits({ kind: 'switch', component: 7 }, 2, topology), true);
  assert.equal(selectionFits({ kind: 'switch', component: 9 }, 2, topology), false);  // a NIC now
  assert.equal(selectionFits({ kind: 'switch', component: 70 }, 2, topology), false);
  assert.equal(selectionFits({ kind: 'switch', component: 7 }, 2, null), false);
});
