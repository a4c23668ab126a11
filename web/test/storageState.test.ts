// The PVFS2 storage view's state (inspect/storageState.ts) from trace records like the core's file system writes:
// flow buffers and requests hold their last level, a Trove call is shown while it runs, and a node's records may be
// on either of its hosts (Elan4 network or InfiniBand).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { storageAt, stripeLayout } from '../src/inspect/storageState.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import type { Topology } from '../../core-wasm/js/bridgeTypes.ts';
import { batch } from './support/traceBatch.ts';


/** Nodes 0-3, each with an Elan4-network host (id 10 + n) and an InfiniBand host (id 20 + n). */
const topology = {
  fabric: 'qsnet2', nodes: 4, levels: 1, arity: 4, links: [],
  components: [0, 1, 2, 3].flatMap((n) => [
    { id: 10 + n, kind: 'host', name: `host${n}`, node: n },
    { id: 20 + n, kind: 'host', name: `ib-host${n}`, node: n, network: 'infiniband' },
  ]),
} as unknown as Topology;

test('levels hold, Trove calls show while they run, and either host of a node counts', () => {
  const trace = new TraceStore();
  const { flow_buffers: fb, client_requests: cr, trove_op: trove } = TraceKind;
  trace.append(batch([
    [100, 100, cr, 10, 0, 0, 2],        // client 0: 2 requests
    [200, 200, fb, 12, 0, 0, 1],        // server node 2 (Elan4 host): 1 buffer
    [300, 300, fb, 12, 0, 0, 3],
    [350, 800, trove, 12, 0, 262144, 1], // a 256 KiB write on node 2's AIO thread
    [900, 900, fb, 22, 0, 0, 5],        // later series: node 2's InfiniBand host
    [950, 950, cr, 10, 0, 0, 0],
  ]));
  const at = (t: number) => storageAt(trace, topology, 2, 2, t);
  assert.deepEqual(at(50).clients.map((c) => c.requests), [0, 0]);
  assert.equal(at(150).clients[0].requests, 2);
  assert.equal(at(250).servers[0].buffers, 1);
  assert.deepEqual(at(400).servers[0].trove, { op: 'write', bytes: 262144 });
  assert.equal(at(400).servers[0].buffers, 3);
  assert.equal(at(850).servers[0].trove, null);
  assert.equal(at(920).servers[0].buffers, 5);
  assert.equal(at(920).servers[0].buffersPeak, 5);
  assert.equal(at(960).clients[0].requests, 0);
  assert.equal(at(960).servers[1].buffers, 0);
});

test('simple stripe: strip i on the i mod servers-th server after the clients', () => {
  assert.deepEqual(stripeLayout(65536, 4, 4, 6).map(([, s]) => s), [4, 5, 6, 7, 4, 5]);
  assert.deepEqual(stripeLayout(65536, 4, 4, 3).map(([o]) => o), [0, 65536, 131072]);
});
