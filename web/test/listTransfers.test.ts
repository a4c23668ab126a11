// The storage view's list transfers (inspect/listTransfers.ts) from list_piece records like the core's BMI methods
// write: pieces grouped by message on the receiver's host (either network's host of a node), the sender and index
// unpacked from the value, the series from the message record, and which transfer shows at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { listTransfers, transferAt } from '../src/inspect/listTransfers.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import type { Topology } from '../../core-wasm/js/bridgeTypes.ts';
import { batch } from './support/traceBatch.ts';


/** Nodes 0-7, each with an Elan4-network host (id 10 + n) and an InfiniBand host (id 30 + n). */
const topology = {
  fabric: 'qsnet2', nodes: 8, levels: 1, arity: 8, links: [],
  components: [0, 1, 2, 3, 4, 5, 6, 7].flatMap((n) => [
    { id: 10 + n, kind: 'host', name: `host${n}`, node: n },
    { id: 30 + n, kind: 'host', name: `ib-host${n}`, node: n, network: 'infiniband' },
  ]),
} as unknown as Topology;

const piece = (index: number, sender: number) => (index << 12) | sender;

function store(): TraceStore {
  const { list_piece: lp, message } = TraceKind;
  const trace = new TraceStore();
  trace.append(batch([
    // message 7: client node 1 writes three pieces into server node 5's buffer (SG-LIO: one after another), series 0
    [100, 200, lp, 15, 7, 4096, piece(0, 1)],
    [200, 300, lp, 15, 7, 1024, piece(1, 1)],
    [300, 400, lp, 15, 7, 2048, piece(2, 1)],
    [50, 400, message, 99, 7, 7168, 0],
    // message 9: server node 4 to client node 0 on the InfiniBand (its host 30), series 3; pieces recorded out of order
    [1000, 1500, lp, 30, 9, 512, piece(1, 4)],
    [1000, 1200, lp, 30, 9, 512, piece(0, 4)],
    [900, 1500, message, 98, 9, 1024, 3],
  ]));
  return trace;
}

test('list_piece records group into transfers: receiver, sender, series, pieces in list order', () => {
  const ts = listTransfers(store(), topology);
  assert.equal(ts.length, 2);
  const [a, b] = ts;
  assert.deepEqual({ m: a.message, to: a.receiver, from: a.sender, series: a.series, bytes: a.bytes }, { m: 7, to: 5, from: 1, series: 0, bytes: 7168 });
  assert.deepEqual(a.pieces.map((p) => p.index), [0, 1, 2]);
  assert.deepEqual({ m: b.message, to: b.receiver, from: b.sender, series: b.series }, { m: 9, to: 0, from: 4, series: 3 });
  assert.deepEqual(b.pieces.map((p) => [p.index, p.landed_ps]), [[0, 1200], [1, 1500]]);
  assert.deepEqual([a.start_ps, a.end_ps, b.start_ps, b.end_ps], [100, 400, 1000, 1500]);
});

test('the transfer at a time: none before the first, pieces landing one by one, the last one after its end', () => {
  const ts = listTransfers(store(), topology);
  assert.equal(transferAt(ts, 99), null);
  const mid = transferAt(ts, 250)!;
  assert.equal(mid.transfer.message, 7);
  assert.equal(mid.landed, 1);
  assert.equal(mid.latest, 0);
  const later = transferAt(ts, 300)!;
  assert.equal(later.landed, 2);
  assert.equal(later.latest, 1);
  // Between the two transfers the finished one stays, all landed.
  const between = transferAt(ts, 800)!;
  assert.deepEqual([between.transfer.message, between.landed], [7, 3]);
  assert.deepEqual([transferAt(ts, 1300)!.transfer.message, transferAt(ts, 1300)!.landed], [9, 1]);
  // A chosen transfer is kept whatever the time.
  assert.equal(transferAt(ts, 1300, 7)!.transfer.message, 7);
});

test('of overlapping transfers the one that started first stays in view until it ends', () => {
  const { list_piece: lp } = TraceKind;
  const trace = new TraceStore();
  trace.append(batch([
    [0, 100, lp, 15, 1, 10, piece(0, 1)], [100, 200, lp, 15, 1, 10, piece(1, 1)],
    [50, 150, lp, 16, 2, 10, piece(0, 2)],
  ]));
  const ts = listTransfers(trace, topology);
  assert.equal(transferAt(ts, 120)!.transfer.message, 1);
  assert.equal(transferAt(ts, 199)!.transfer.message, 1);
  assert.equal(transferAt(ts, 200)!.transfer.message, 1);  // both ended: the one that ended last
  assert.equal(transferAt(ts, 160)!.transfer.message, 1);
});

test('a trace without list pieces has no transfers', () => {
  const trace = new TraceStore();
  trace.append(batch([[0, 10, TraceKind.message, 1, 3, 64, 0]]));
  assert.deepEqual(listTransfers(trace, topology), []);
  assert.equal(transferAt([], 5), null);
});
