import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { messageMarks } from '../src/hooks/useMessageMarks.ts';
import { batch } from './support/traceBatch.ts';
import fc from 'fast-check';

/** A message record [t_start_ps, t_end_ps, kind, component, message, bytes, value = series index]; its id from the rest. */
const message = (start: number, bytes: number, series: number) => [start, start + 100, TraceKind.message, 0, 1000 * series + bytes + start, bytes, series];

test('one mark per (series, size), at its first message; the same array while the trace adds no new pair', () => {
  const store = new TraceStore();
  store.append(batch([message(10, 0, 0), message(30, 0, 0), message(50, 8, 0)]));
  const first = messageMarks(store, 1);
  assert.deepEqual(first, [{ seriesIndex: 0, bytes: 0, start_ps: 10, message: 10 }, { seriesIndex: 0, bytes: 8, start_ps: 50, message: 58 }]);
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

test('marks computed version by version equal one scan of the whole message index, over any batches', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.constantFrom(0, 8, 64), fc.integer({ min: 0, max: 2 }), fc.boolean()), { maxLength: 30 }), { minLength: 1, maxLength: 6 }),
      (batches) => {
        const store = new TraceStore();
        batches.forEach((b, v) => {
          // message records and other records (a PCI transaction) mixed, as in a run's batches
          store.append(batch(b.map(([start, bytes, series, other]) => (other ? [start, start + 5, TraceKind.pci_transaction, 2, 0, bytes, series] : message(start, bytes, series)))));
          const idx = store.index.message;
          const seen = new Set<string>();
          const expected: { seriesIndex: number; bytes: number; start_ps: number; message: number }[] = [];
          for (let i = 0; i < idx.length; i++) {
            const r = idx.order[i];
            const key = `${store.value[r]}:${store.bytes[r]}`;
            if (!seen.has(key)) {
              seen.add(key);
              expected.push({ seriesIndex: store.value[r], bytes: store.bytes[r], start_ps: store.t_start_ps[r], message: store.message[r] });
            }
          }
          assert.deepEqual(messageMarks(store, v + 1), expected);
        });
      },
    ),
    { numRuns: 200 },
  );
});

test('a cleared trace starts its marks over', () => {
  const store = new TraceStore();
  store.append(batch([message(10, 0, 0), message(20, 8, 0)]));
  assert.equal(messageMarks(store, 1).length, 2);
  store.clear();
  store.append(batch([message(5, 64, 1), message(6, 64, 1), message(7, 64, 1)]));
  assert.deepEqual(messageMarks(store, 2), [{ seriesIndex: 1, bytes: 64, start_ps: 5, message: 1069 }]);
});
