import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { listMessages } from '../src/chain/messageList.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { batch } from './support/traceBatch.ts';

test('a long run\'s picker lists every (series, size) pair, even one that starts after thousands of messages', () => {
  const store = new TraceStore();
  // Series 0 sends 6,000 messages of 43,560 B first; then series 1 sends 10 of 5,344 B.
  const records: number[][] = [];
  for (let m = 1; m <= 6000; m++) records.push([m, m + 1, TraceKind.message, 3, m, 43560, 0]);
  for (let m = 6001; m <= 6010; m++) records.push([m, m + 1, TraceKind.message, 3, m, 5344, 1]);
  store.append(batch(records));
  const list = listMessages(store);
  const late = list.filter((e) => e.seriesIndex === 1);
  assert.equal(late.length, 10, 'the late pair is listed whole');
  assert.deepEqual(late.map((e) => e.message), [6001, 6002, 6003, 6004, 6005, 6006, 6007, 6008, 6009, 6010]);
  const early = list.filter((e) => e.seriesIndex === 0);
  assert.ok(early.length >= 5 && early.length <= 2000, `${early.length} of the early pair's 6,000`);
  assert.deepEqual(early.slice(0, 3).map((e) => e.message), [1, 2, 3], 'each pair keeps its first messages');
  for (let i = 1; i < list.length; i++) assert.ok(list[i].start_ps >= list[i - 1].start_ps, 'in start order');
});

test('a short run lists every message once', () => {
  const store = new TraceStore();
  store.append(batch([[0, 5, TraceKind.message, 3, 1, 0, 0], [2, 6, TraceKind.message, 3, 2, 4096, 1], [3, 7, TraceKind.message, 4, 2, 4096, 1]]));
  assert.deepEqual(listMessages(store).map((e) => e.message), [1, 2]);
});
