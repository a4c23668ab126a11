import { test } from 'node:test';
import assert from 'node:assert/strict';
import { viQueuesAt } from '../src/inspect/viQueues.ts';
import type { QueueRecord } from '../src/inspect/queueModel.ts';
import { decodeDescriptor, decodeViState, entryStateName, statusWord } from '../src/trace/viRecords.ts';

/** Packs as protocols/via/vi_trace.cc does. */
const desc = (state: number, queue: number, vi: number, n: number) => state | (queue << 4) | (vi << 6) | (n << 16);
const viState = (state: number, vi: number, created = false, asyncError = -1) =>
  state | (created ? 8 : 0) | (vi << 4) | ((asyncError + 1) << 16);

const HOST = 1;
const rec = (t_ps: number, kind: number, value: number, bytes = 0, message = 0, component = HOST): QueueRecord => ({
  t_ps, kind, component, message, bytes, value,
});

/** One SS-VIA-like exchange on node 0's VI 1 to node 4: a receive posted, a send posted, both complete. */
const RECORDS: QueueRecord[] = [
  rec(0, 61, viState(0, 1, true), 4),
  rec(0, 61, viState(1, 1), 4),
  rec(0, 61, viState(2, 1), 4),
  rec(100, 60, desc(1, 1, 1, 0), 64),          // VipPostRecv desc 0, 64 B
  rec(200, 60, desc(1, 0, 1, 0), 64, 7),       // VipPostSend desc 0, message 7
  rec(300, 60, desc(2, 0, 1, 0), 64, 7),       // in progress
  rec(900, 60, desc(3, 0, 1, 0), 64, 7),       // Done
  rec(900, 60, desc(1, 2, 1, 0)),              // send CQ entry 0
  rec(900, 60, desc(4, 0, 1, 0), 64, 7),       // VipSendDone
  rec(900, 60, desc(4, 2, 1, 0)),              // VipCQDone
  rec(1500, 60, desc(7, 1, 1, 0), 64, 8),      // receive completes with LENGTH
];

test('decoding matches the core packing', () => {
  assert.deepEqual(decodeDescriptor(desc(9, 3, 5, 1234)), { state: 9, queue: 3, vi: 5, number: 1234 });
  assert.deepEqual(decodeViState(viState(3, 12, true, 2)), { state: 3, created: true, vi: 12, asyncError: 'RECVQ_EMPTY' });
  assert.equal(entryStateName(9), 'flushed');
  assert.equal(statusWord(7), 'Done + LENGTH');
  assert.equal(statusWord(1), 'Status 0');
});

test('a send descriptor goes posted → in progress → complete, dequeued, as the cursor moves', () => {
  const send = (t: number) => viQueuesAt(RECORDS, t)[0].queues.find((q) => q.key === 'send')!.entries;
  assert.equal(send(50).length, 0);
  assert.equal(send(250)[0].state, 'posted');
  assert.equal(send(250)[0].detail, 'Status 0');
  assert.equal(send(250)[0].message, 7);
  assert.equal(send(400)[0].state, 'in progress');
  assert.equal(send(400)[0].tone, 'active');
  assert.equal(send(900)[0].stateId, 'dequeued');
  assert.match(send(900)[0].detail!, /Done · taken by VipSendDone/);
});

test('VI state, peer, receive error and completion queue entries', () => {
  const owners = viQueuesAt(RECORDS, 2000, { hostName: (c) => `host${c - 1}` });
  const vi = owners[0];
  assert.equal(vi.title, 'VI 1 ↔ node 4');
  assert.equal(vi.state, 'Connected');
  assert.equal(vi.detail, 'host0');
  const recv = vi.queues.find((q) => q.key === 'recv')!.entries;
  assert.equal(recv[0].state, 'error: LENGTH');
  assert.equal(recv[0].tone, 'error');
  assert.equal(recv[0].message, 8);
  const cq = owners.find((o) => o.key === `cq-${HOST}`)!;
  assert.equal(cq.state, '0 entries');
  assert.equal(cq.queues[0].entries[0].label, 'entry 0 → VI 1');
  assert.equal(cq.queues[0].entries[0].stateId, 'dequeued');
  const at950 = viQueuesAt(RECORDS.slice(0, 8), 950);
  assert.equal(at950.find((o) => o.key === `cq-${HOST}`)!.state, '1 entry');
});

test('a new run re-creates the VI: its queues start empty; an error state names the async error', () => {
  const next = [...RECORDS, rec(5000, 61, viState(0, 1, true), 4), rec(5000, 61, viState(2, 1), 4),
    rec(6000, 61, viState(3, 1, false, 2), 4)];
  const at5000 = viQueuesAt(next, 5000);
  assert.equal(at5000[0].queues.every((q) => q.entries.length === 0), true);
  assert.equal(at5000.find((o) => o.key === `cq-${HOST}`)!.queues[0].entries.length, 0);
  assert.equal(viQueuesAt(next, 6000)[0].state, 'Error (RECVQ_EMPTY)');
});

test('only the last dequeued entries are kept; owners most recent first', () => {
  const recs: QueueRecord[] = [rec(0, 61, viState(2, 1, true), 4), rec(0, 61, viState(2, 2, true), 5, 0, 2)];
  for (let k = 0; k < 5; k++) {
    recs.push(rec(10 * k + 1, 60, desc(1, 0, 1, k), 8));
    recs.push(rec(10 * k + 2, 60, desc(3, 0, 1, k), 8));
    recs.push(rec(10 * k + 3, 60, desc(4, 0, 1, k), 8));
  }
  recs.push(rec(100, 60, desc(1, 0, 2, 0), 8, 0, 2));
  const owners = viQueuesAt(recs, 1000, { keepDequeued: 2 });
  assert.equal(owners[0].title, 'VI 2 ↔ node 5');
  const send = owners[1].queues[0].entries;
  assert.deepEqual(send.map((e) => e.label), ['desc 3', 'desc 4']);
});
