/**
 * The windowed views' cache (hooks/useWindowedModel.ts) over TraceStore.earliestStartSince: a model kept across trace
 * growth is the one a fresh scan of the window would give.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TraceStore } from '../src/trace/traceStore.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { windowedCacheValid, type WindowedCache } from '../src/hooks/useWindowedModel.ts';
import { batch } from './support/traceBatch.ts';

const windowRecords = (store: TraceStore, from: number, to: number) => {
  const out: number[] = [];
  store.forEachInWindow('packet', from, to, (r) => out.push(r));
  return out.sort((a, b) => a - b);
};

test('earliestStartSince: the earliest start of the records appended from an index on, Infinity when none', () => {
  const store = new TraceStore();
  store.append(batch([[100, 200, TraceKind.rdma_packet, 1, 0, 0, 0], [50, 60, TraceKind.rdma_packet, 1, 0, 0, 0]]));
  store.append(batch([[300, 310, TraceKind.rdma_packet, 1, 0, 0, 0], [250, 400, TraceKind.pci_transaction, 2, 0, 0, 0]]));
  assert.equal(store.earliestStartSince(0), 50);
  assert.equal(store.earliestStartSince(2), 250);
  assert.equal(store.earliestStartSince(4), Infinity);
  store.clear();
  assert.equal(store.earliestStartSince(0), Infinity);
});

test('a kept window model sees the same records as a fresh scan, whatever batches arrive after it', () => {
  const record = fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 300 }));
  fc.assert(
    fc.property(
      fc.array(fc.array(record, { minLength: 1, maxLength: 40 }), { minLength: 2, maxLength: 8 }),
      fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 400 }),
      (batches, at, from, width) => {
        const store = new TraceStore();
        const cut = Math.min(at, batches.length - 1);
        const to = from + width;
        let cache = null as WindowedCache<number[]> | null;
        batches.forEach((b, i) => {
          if (i === cut) cache = { trace: store, inputs: [from], epoch: store.epoch, length: store.length, value: windowRecords(store, from, to) };
          store.append(batch(b.map(([s, len]) => [s, s + len, TraceKind.rdma_packet, 0, 0, 0, 0])));
        });
        if (windowedCacheValid(cache, store, to, [from], () => true)) assert.deepEqual(cache!.value, windowRecords(store, from, to));
      },
    ),
    { numRuns: 300 },
  );
});

test('a kept window model is dropped on a new input, another trace, a cleared trace, a record in the window or when incomplete', () => {
  const store = new TraceStore();
  store.append(batch([[10, 20, TraceKind.rdma_packet, 0, 0, 0, 0]]));
  const cache: WindowedCache<string> = { trace: store, inputs: [0, 'node 3'], epoch: store.epoch, length: store.length, value: 'model' };
  store.append(batch([[500, 520, TraceKind.rdma_packet, 0, 0, 0, 0]]));
  assert.equal(windowedCacheValid(cache, store, 100, [0, 'node 3'], () => true), true, 'growth after the window');
  assert.equal(windowedCacheValid(cache, store, 100, [0, 'node 4'], () => true), false, 'another input');
  assert.equal(windowedCacheValid(cache, store, 100, [0, 'node 3'], () => false), false, 'incomplete');
  assert.equal(windowedCacheValid(cache, store, 500, [0, 'node 3'], () => true), false, 'a record starting at the window end');
  const other = new TraceStore();   // the same records, and so the same epoch and length, in another run's store
  other.append(batch([[10, 20, TraceKind.rdma_packet, 0, 0, 0, 0]]));
  other.append(batch([[500, 520, TraceKind.rdma_packet, 0, 0, 0, 0]]));
  assert.equal(windowedCacheValid({ ...cache, trace: store }, other, 100, [0, 'node 3'], () => true), false, 'another run\'s trace');
  assert.equal(windowedCacheValid({ ...cache, trace: other }, other, 100, [0, 'node 3'], () => true), true);
  store.clear();
  store.append(batch([[10, 20, TraceKind.rdma_packet, 0, 0, 0, 0], [600, 620, TraceKind.rdma_packet, 0, 0, 0, 0]]));
  assert.equal(windowedCacheValid(cache, store, 100, [0, 'node 3'], () => true), false, 'cleared and refilled');
});
