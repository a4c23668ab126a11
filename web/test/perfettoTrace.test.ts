/** Chrome/Perfetto trace-event export (web/src/export/perfettoTrace.ts) of a small synthetic trace. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toPerfettoTrace, type TraceColumns } from '../src/export/perfettoTrace.ts';
import { sequenceModel } from '../src/trace/sequenceModel.ts';
import { TraceStore } from '../src/trace/traceStore.ts';
import { indexTopology } from '../src/trace/topologyIndex.ts';
import { parseKindNames } from '../src/sim/traceKinds.ts';
import type { Topology, TraceBatch } from '../../core-wasm/js/bridgeTypes.ts';

/** Two nodes (host/pci/nic 1–3 and 4–6), one switch 10, links nic0→sw 20, sw→nic1 21, sw→nic0 22. */
const TOPOLOGY: Topology = {
  fabric: 'qsnet', nodes: 2, levels: 1, arity: 4,
  components: [
    { id: 1, kind: 'host', name: 'host0', node: 0 }, { id: 2, kind: 'pci', name: 'pci0', node: 0 },
    { id: 3, kind: 'nic', name: 'elan0', node: 0 }, { id: 4, kind: 'host', name: 'host1', node: 1 },
    { id: 5, kind: 'pci', name: 'pci1', node: 1 }, { id: 6, kind: 'nic', name: 'elan1', node: 1 },
    { id: 10, kind: 'switch', name: 'sw1.0', level: 1, index: 0 },
  ] as Topology['components'],
  links: [
    { id: 20, from: 3, to: 10, kind: 'link' }, { id: 21, from: 10, to: 6, kind: 'link' },
    { id: 22, from: 10, to: 3, kind: 'link' }, { id: 23, from: 6, to: 10, kind: 'link' },
  ],
};

// [t_start_ps, t_end_ps, kind, component, message, bytes, value]
const RECORDS: number[][] = [
  [0, 2_000_000, 30, 1, 0, 0, 2],            // host0: Send ping
  [500_000, 900_000, 10, 2, 1, 64, 0],       // pci0: DMA read
  [1_000_000, 1_200_000, 1, 20, 1, 64, 0],   // QDMA nic0 → switch
  [1_050_000, 1_250_000, 1, 21, 1, 64, 0],   // QDMA switch → nic1
  [1_250_000, 1_250_000, 21, 6, 0, 0, 1],    // nic1 input queue: 1 slot
  [1_300_000, 1_700_000, 20, 6, 1, 0, 3],    // nic1 thread: Inspect header
  [1_400_000, 1_800_000, 10, 5, 1, 64, 1],   // pci1: DMA write
  [1_900_000, 1_950_000, 3, 23, 1, 8, 0],    // ACK nic1 → switch
  [1_920_000, 1_970_000, 3, 22, 1, 8, 0],    // ACK switch → nic0
  [900_000, 1_800_000, 40, 4, 1, 0, 0],      // message 1 delivered to host1
];

function columns(): TraceStore {
  const n = RECORDS.length;
  const col = <T extends Float64Array | Uint32Array | Int32Array>(Make: new (n: number) => T, i: number): T => {
    const a = new Make(n);
    RECORDS.forEach((r, j) => (a[j] = r[i]));
    return a;
  };
  const batch: TraceBatch = {
    n, t_start_ps: col(Float64Array, 0), t_end_ps: col(Float64Array, 1), kind: col(Uint32Array, 2),
    component: col(Uint32Array, 3), message: col(Uint32Array, 4), bytes: col(Uint32Array, 5), value: col(Int32Array, 6),
    cause: new Uint32Array(n),
  };
  const store = new TraceStore();
  store.append(batch);
  return store;
}

const NAMES = parseKindNames([
  { kind: 10, name: 'pci_transaction', values: { 0: 'DMA read', 1: 'DMA write' } },
  { kind: 20, name: 'nic_thread', values: { 3: 'Inspect header' } },
  { kind: 30, name: 'host_op', values: { 2: 'Send ping' } },
]);

test('valid JSON with every event carrying ph, ts, pid, tid', () => {
  const trace = JSON.parse(JSON.stringify(toPerfettoTrace(columns() as TraceColumns, TOPOLOGY, NAMES)));
  assert.equal(trace.displayTimeUnit, 'ns');
  assert.ok(Array.isArray(trace.traceEvents));
  for (const e of trace.traceEvents) {
    for (const key of ['ph', 'ts', 'pid', 'tid']) assert.ok(key in e, `${JSON.stringify(e)} lacks ${key}`);
    if (e.ph === 'X') assert.ok(e.dur >= 0, `negative dur in ${JSON.stringify(e)}`);
  }
});

test('exactly one X event per packet record and per PCI record; counters for queue levels', () => {
  const { traceEvents } = toPerfettoTrace(columns() as TraceColumns, TOPOLOGY, NAMES);
  const x = traceEvents.filter((e) => e.ph === 'X');
  assert.equal(x.filter((e) => e.cat === 'packet').length, RECORDS.filter((r) => r[2] >= 1 && r[2] <= 5).length);
  assert.equal(x.filter((e) => e.cat === 'pci').length, RECORDS.filter((r) => r[2] === 10).length);
  const counters = traceEvents.filter((e) => e.ph === 'C');
  assert.deepEqual(counters.map((c) => [c.name, c.pid, c.args]), [['input queue', 1, { level: 1 }]]);
  const read = x.find((e) => e.name === 'DMA read')!;
  assert.deepEqual([read.ts, read.dur, read.pid], [0.5, 0.4, 0]); // µs, node 0
  assert.equal(x.find((e) => e.name === 'Inspect header')?.pid, 1);
  assert.equal(x.find((e) => e.name === 'Send ping')?.pid, 0);
});

test('the sequence model finds the sender from the first packet and the ACK flow going back', () => {
  const store = columns();
  const model = sequenceModel(store, indexTopology(TOPOLOGY), 0, 3_000_000);
  assert.equal(model.messages.length, 1);
  assert.deepEqual([model.messages[0].from, model.messages[0].to], [0, 1]);
  assert.deepEqual(model.flows.map((f) => [f.kind, f.from, f.to, f.packets]), [[1, 0, 1, 1], [3, 1, 0, 1]]);
  assert.deepEqual(model.nodes, [0, 1]);
  assert.equal(store.previousStartBefore(1_000_000), 900_000);
  assert.equal(store.previousStartBefore(0), null);
});
