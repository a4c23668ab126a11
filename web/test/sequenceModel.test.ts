/**
 * The sequence chart's packet flows (trace/sequenceModel.ts) on whole runs of the core (Node, the page's wasm
 * module): on the SCI ringlet a flow goes from the adapter that sends to the one that takes the packets, not hop by
 * hop through the adapters that pass them on; on a fat tree from NIC to NIC as before.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import type { CoreBridge } from '../../core-wasm/js/coreBridge.ts';
import { TraceStore } from '../src/trace/traceStore.ts';
import { indexTopology } from '../src/trace/topologyIndex.ts';
import { sequenceModel, type SequenceModel, type SequenceModelOptions } from '../src/trace/sequenceModel.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';

let core: CoreBridge;
before(async () => {
  core = await loadWasm();
});

/** The sequence model of shipped scenario `id`'s whole run over [0, to_ps]. */
function modelOf(id: string, to_ps: number, options?: SequenceModelOptions): SequenceModel {
  const session = core.create(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8'));
  assert.ok(session > 0, core.lastError());
  try {
    while (core.run(session, 1_000_000) === 'more');
    const store = new TraceStore();
    for (const b of core.drainTrace(session)) store.append(b);
    return sequenceModel(store, indexTopology(core.topology(session)), 0, to_ps, options);
  } finally {
    core.destroy(session);
  }
}

test('on the SCI ringlet, writes go from the sender to the target and echoes come back, across the hops between', () => {
  // SS-VIA ping-pong between nodes 0 and 4 of an 8-node ringlet: 3 adapters pass each packet on either way.
  const model = modelOf('via-sci-pingpong', 40_000_000);
  assert.ok(model.messages.length >= 4);
  for (const m of model.messages.slice(0, 4)) {
    const flows = model.flows.filter((f) => f.message === m.message);
    assert.deepEqual(
      flows.map((f) => [f.kind, f.from, f.to]).sort(),
      [[TraceKind.rdma_packet, m.from, m.to], [TraceKind.ack_packet, m.to, m.from]].sort(),
      `message ${m.message} (${m.from} -> ${m.to})`,
    );
  }
  assert.deepEqual(model.nodes, [0, 4]);
});

test('on the QsNet fat tree, every flow of a ping-pong message joins its two nodes', () => {
  const model = modelOf('portals-qsnet-pingpong', 200_000_000);
  assert.ok(model.messages.length >= 4 && model.flows.length >= 4);
  const ends = new Set(model.messages.flatMap((m) => [m.from, m.to]));
  for (const f of model.flows) {
    const m = model.messages.find((x) => x.message === f.message);
    if (m) assert.deepEqual([f.from, f.to].sort(), [m.from, m.to].sort(), `flow of message ${f.message}`);
    assert.ok(ends.has(f.from) && ends.has(f.to));
  }
});

test('flowsUpTo: a window with more messages than it has no flows; one within it has the same flows as without it', () => {
  const all = modelOf('portals-qsnet-pingpong', 200_000_000);
  const n = all.messages.length;
  assert.ok(n >= 4 && all.flows.length >= 4);
  const over = modelOf('portals-qsnet-pingpong', 200_000_000, { flowsUpTo: n - 1 });
  assert.deepEqual(over.messages, all.messages);
  assert.deepEqual(over.flows, []);
  assert.deepEqual(modelOf('portals-qsnet-pingpong', 200_000_000, { flowsUpTo: n }), all);
});
