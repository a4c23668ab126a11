import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { messageMarks } from '../src/hooks/useMessageMarks.ts';
import { batch } from './support/traceBatch.ts';

/** A message record [t_start_ps, t_end_ps, kind, component, message, bytes, value = series index]. */
const message = (start: number, bytes: number, series: number) => [start, start + 100, TraceKind.message, 0, 1, bytes, series];

test('one mark per (series, size), at its first message; the same array while the trace adds no new pair', () => {
  const store = new TraceStore();
  store.append(batch([message(10, 0, 0), message(30, 0, 0), message(50, 8, 0)]));
  const first = messageMarks(store, 1);
  assert.deepEqual(first, [{ seriesIndex: 0, bytes: 0, start_ps: 10 }, { seriesIndex: 0, bytes: 8, start_ps: 50 }]);
  store.append(batch([message(70, 8, 0)]));
  assert.equal(messageMarks(store, 2), first, 'a repeat of a known pair keeps the array');
  store.append(batch([message(90, 0, 1)]));
  const third = messageMarks(store, 3);
  assert.notEqual(third, first);
  assert.deepEqual(third.map((m) => [m.seriesIndex, m.bytes]), [[0, 0], [0, 8], [1, 0]]);
  // A late batch with an earlier first message of a known pair moves its mark: a new array.
  store.append(batch([message(40, 8, 0)]));
  const fourth = messageMarks(store, 4);
  assert.notEqual(fourth, third);
  assert.equal(fourth[1].start_ps, 40);
});
