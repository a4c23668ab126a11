// The Elan4 event inspector's model (inspect/e4Events.ts): counts, firing, actions, re-priming, the kept window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e4EventsAt } from '../src/inspect/e4Events';
import type { QueueRecord } from '../src/inspect/queueModel';

const NIC = 7;
const count = (t: number, id: number, n: number, left: number, message = 0): QueueRecord =>
  ({ t_ps: t, kind: 52, component: NIC, message, bytes: (n << 16) | left, value: id });
const action = (t: number, value: number, message: number): QueueRecord =>
  ({ t_ps: t, kind: 50, component: NIC, message, bytes: 0, value });

const records: QueueRecord[] = [
  count(10, 1, 2, 2), // primed for two DMA completions (two rails)
  count(20, 2, 1, 1),
  count(30, 1, 2, 1, 5), // first completion
  count(40, 1, 2, 0, 5), // second: fires
  action(40, 1, 5),
  action(41, 2, 5), // COPY: the chained DMA
  action(42, 3, 5), // WRITE: the done word
];

test('an event counts its set-events and fires at its count, with the actions it ran', () => {
  const before = e4EventsAt(records, 35)[0].queues[0].entries;
  assert.equal(before[0].state, '1 of 2 set');
  assert.equal(before[0].stateId, 'counting');
  assert.equal(before[1].stateId, 'primed');
  const after = e4EventsAt(records, 50);
  assert.equal(after.length, 1);
  const e1 = after[0].queues[0].entries.find((e) => e.label === 'event 1')!;
  assert.equal(e1.state, 'fired');
  assert.equal(e1.detail, 'COPY (chained DMA) → WRITE done word');
  assert.equal(e1.message, 5);
  assert.equal(after[0].state, '1 waiting');
});

test('nothing before the first record; a re-primed event starts counting again', () => {
  assert.deepEqual(e4EventsAt(records, 5), []);
  const again = [...records, count(60, 1, 3, 3)];
  const e1 = e4EventsAt(again, 70)[0].queues[0].entries.at(-1)!;
  assert.equal(e1.label, 'event 1');
  assert.equal(e1.state, 'primed, count 3');
});

test('only the most recent events of a NIC are kept', () => {
  const many: QueueRecord[] = [];
  for (let i = 1; i <= 20; i++) many.push(count(i, i, 1, 1));
  const entries = e4EventsAt(many, 100, { keep: 5 })[0].queues[0].entries;
  assert.deepEqual(entries.map((e) => e.label), ['event 16', 'event 17', 'event 18', 'event 19', 'event 20']);
});
