// The event-chain picker's list: grouped by series, narrowed to one payload size, the drawn message always listed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messageGroups, messageSizes } from '../src/chain/messageGroups.ts';
import type { MessageEntry } from '../src/chain/messageList.ts';

const m = (message: number, seriesIndex: number, bytes: number): MessageEntry => ({ message, seriesIndex, bytes, start_ps: message * 1000 });
const messages = [m(1, 1, 0), m(2, 0, 4096), m(3, 1, 4096), m(4, 0, 0), m(5, 2, 65536), m(6, 0, 4096)];

test('sizes ascend, each with its count', () => {
  assert.deepEqual(messageSizes(messages), [{ bytes: 0, count: 2 }, { bytes: 4096, count: 3 }, { bytes: 65536, count: 1 }]);
  assert.deepEqual(messageSizes([]), []);
});

test('without a size, every message is listed, grouped by series in series order, each group in start order', () => {
  const groups = messageGroups(messages, null, null);
  assert.deepEqual(groups.map(([s, g]) => [s, g.map((x) => x.message)]), [[0, [2, 4, 6]], [1, [1, 3]], [2, [5]]]);
});

test('a size keeps only its messages; a series with none of them has no group', () => {
  const groups = messageGroups(messages, 4096, null);
  assert.deepEqual(groups.map(([s, g]) => [s, g.map((x) => x.message)]), [[0, [2, 6]], [1, [3]]]);
});

test('the message drawn stays listed under another size', () => {
  const groups = messageGroups(messages, 4096, 5);
  assert.deepEqual(groups.map(([s, g]) => [s, g.map((x) => x.message)]), [[0, [2, 6]], [1, [3]], [2, [5]]]);
});
