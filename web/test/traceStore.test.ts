import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import fc from 'fast-check';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { batch } from './support/traceBatch.ts';

/** Records as [t_start_ps, t_end_ps, kind, component, message, bytes, value]. */

test('packets active at t, across batches that arrive out of order', () => {
  const store = new TraceStore();
  store.append(batch([[100, 200, 1, 7, 1, 320, 0], [50, 60, 2, 8, 1, 320, 0]]));
  store.append(batch([[10, 500, 3, 9, 1, 8, 0], [150, 150, 20, 3, 0, 0, 2]]));
  const at = (t: number) => {
    const out: number[] = [];
    store.forEachActive('packet', t, (r) => out.push(store.component[r]));
    return out.sort();
  };
  assert.deepEqual(at(55), [8, 9]);
  assert.deepEqual(at(150), [7, 9]);
  assert.deepEqual(at(200), [9]);
  assert.deepEqual(at(600), []);
  assert.equal(store.end_ps, 500);
});

test('level kinds hold their last value; next start after t', () => {
  const store = new TraceStore();
  store.append(batch([[10, 10, 21, 5, 0, 0, 1], [30, 30, 21, 5, 0, 0, 2], [20, 20, 21, 6, 0, 0, 9]]));
  store.append(batch([[40, 40, 21, 5, 0, 0, 0]]));
  const value = (t: number) => {
    const r = store.lastLevelAtOrBefore(21, 5, t);
    return r < 0 ? null : store.value[r];
  };
  assert.equal(value(5), null);
  assert.equal(value(10), 1);
  assert.equal(value(35), 2);
  assert.equal(value(99), 0);
  assert.equal(store.maxLevel(21, 5), 2);
  assert.equal(store.nextStartAfter(10), 20);
  assert.equal(store.nextStartAfter(40), null);
});

test('each category stays sorted by start (ties by arrival) over any batches, growing past its first capacity', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 9 }), fc.boolean()), { maxLength: 700 }), { maxLength: 6 }),
      (batches) => {
        const store = new TraceStore();
        const rows: number[][] = [];
        for (const b of batches) {
          const records = b.map(([start, len, packet]) => [start, start + len, packet ? TraceKind.rdma_packet : TraceKind.pci_transaction, 0, 0, 0, 0]);
          rows.push(...records);
          store.append(batch(records));
        }
        const expected = rows.map((r, i) => [r[0], i, r[2]] as const).filter(([, , kind]) => kind === TraceKind.rdma_packet)
          .sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => i);
        const idx = store.index.packet;
        assert.deepEqual(Array.from(idx.order.subarray(0, idx.length)), expected);
      },
    ),
  );
});

test('forEachInWindowOf visits, in start order, exactly the window\'s records of one kind on one component', () => {
  const kinds = [TraceKind.pci_transaction, TraceKind.host_op, TraceKind.nic_thread, TraceKind.input_queue];
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 })), { maxLength: 300 }), { maxLength: 5 }),
      fc.integer({ min: 0, max: 450 }), fc.integer({ min: 0, max: 100 }),
      (batches, from, width) => {
        const store = new TraceStore();
        for (const b of batches) {
          store.append(batch(b.map(([t, d, k, c]) => [t, kinds[k] === TraceKind.input_queue ? t : t + d, kinds[k], c, 0, 0, d])));
          store.forEachInWindowOf(TraceKind.pci_transaction, 1, from, from + width, () => {});   // caught up batch by batch
        }
        const to = from + width;
        for (const kind of kinds)
          for (let component = 0; component <= 4; component++) {
            const category = kind === TraceKind.input_queue ? 'level' : kind === TraceKind.pci_transaction ? 'pci' : kind === TraceKind.host_op ? 'host_op' : 'nic_thread';
            const all: number[] = [];
            store.forEachInWindow(category, from, to, (r) => {
              if (store.kind[r] === kind && store.component[r] === component) all.push(r);
            });
            const own: number[] = [];
            store.forEachInWindowOf(kind, component, from, to, (r) => own.push(r));
            assert.deepEqual(own, all);
          }
      },
    ),
    { numRuns: 60 },
  );
});

test('a batch far out of time order is sorted by start, ties by arrival, whatever its times (whole ps, fractions, past 2^53 when packed)', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(1, 0.5, 1e9, 1e13),
      fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 200, maxLength: 900 }),
      (scale, starts) => {
        const store = new TraceStore();
        // Descending starts with ties: every record moves far in the insertion sort, which hands over to the key sort.
        const rows = starts.sort((a, b) => b - a).map((t) => [t * scale, t * scale + 1, TraceKind.rdma_packet, 0, 0, 0, 0]);
        store.append(batch(rows));
        const expected = rows.map((r, i) => [r[0], i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => i);
        const idx = store.index.packet;
        assert.deepEqual(Array.from(idx.order.subarray(0, idx.length)), expected);
      },
    ),
  );
});
