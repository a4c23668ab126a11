/**
 * Event-chain derivation (web/src/chain/deriveChain.ts) on a synthetic Elan4 RDMA write: doorbell → rendezvous
 * QDMA → events → RDMA → count → copy: chained QDMA (FIN) → done word write + interrupt → host thread woken.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveChain } from '../src/chain/deriveChain.ts';
import type { ChainRecord, ChainTopology } from '../src/chain/chainTypes.ts';

// Node 0: host 1, pci 2, nic 3; node 1: host 4, pci 5, nic 6; one switch 9. Links 20: 3→9, 21: 9→6, 22: 6→9, 23: 9→3.
const topo: ChainTopology = {
  nodeOf: new Map([[1, 0], [2, 0], [3, 0], [4, 1], [5, 1], [6, 1]]),
  kindOf: new Map([[1, 'host'], [2, 'pci'], [3, 'nic'], [4, 'host'], [5, 'pci'], [6, 'nic'], [9, 'switch']]),
  link: new Map([[20, { from: 3, to: 9 }], [21, { from: 9, to: 6 }], [22, { from: 6, to: 9 }], [23, { from: 9, to: 3 }]]),
};

const us = 1e6;
let row = 0;
/** [start µs, end µs, kind, component, bytes, value] of message 7. */
const r = (s: number, e: number, kind: number, component: number, bytes: number, value: number): ChainRecord => ({
  row: row++, t_start_ps: s * us, t_end_ps: e * us, kind, component, message: 7, bytes, value,
});

const records: ChainRecord[] = [
  r(1.0, 1.1, 10, 2, 64, 3), // doorbell: PIO write of the descriptor
  r(1.12, 1.15, 10, 2, 32, 3), // … merged
  r(2.0, 2.1, 10, 2, 64, 0), // DMA read of the QDMA
  r(2.1, 2.2, 1, 20, 96, 0), r(2.15, 2.25, 1, 21, 96, 0), // QDMA packet, 2 hops
  r(2.5, 2.6, 10, 5, 64, 1), // lands in node 1's receive queue
  r(2.6, 2.65, 50, 6, 0, 1), // node 1: count reached
  r(2.65, 2.65, 50, 6, 8, 3), // done word write
  r(2.65, 2.7, 10, 5, 8, 1), // … its PCI write (folded)
  r(3.0, 3.1, 10, 2, 64, 3), // node 0 doorbell for the RDMA
  r(4.0, 4.5, 10, 2, 512, 0), r(4.5, 5.0, 10, 2, 512, 0), // RDMA reads
  r(4.5, 4.9, 2, 20, 544, 0), r(4.55, 4.95, 2, 21, 544, 0), r(5.0, 5.4, 2, 20, 544, 0), r(5.05, 5.45, 2, 21, 544, 0),
  r(5.5, 5.51, 3, 22, 8, 0), r(5.55, 5.56, 3, 23, 8, 0), // ACK back to node 0
  r(5.6, 5.65, 50, 3, 0, 1), // node 0: count reached
  r(5.65, 5.73, 50, 3, 64, 2), // copy → chained DMA
  r(6.9, 7.0, 10, 2, 48, 0), r(7.0, 7.1, 1, 20, 80, 0), r(7.05, 7.15, 1, 21, 80, 0), // FIN
  r(7.3, 7.35, 50, 6, 0, 1), r(7.35, 7.35, 50, 6, 8, 3), r(7.35, 7.35, 50, 6, 8, 4), // count, done word, interrupt
  { ...r(7.6, 9.0, 51, 4, 0, 1), message: 0 }, // host 1 thread woken by the interrupt
];

test('node counts by type, NIC-only vs host flags, chained FIN', () => {
  const g = deriveChain([...records].reverse(), topo); // order of the input does not matter
  const count = (t: string) => g.nodes.filter((n) => n.type === t).length;
  assert.equal(g.nodes.length, 13);
  assert.deepEqual(
    { doorbell: count('doorbell'), dma: count('dma'), count: count('count'), copy: count('copy'), write: count('write'), interrupt: count('interrupt'), wake: count('wake') },
    { doorbell: 2, dma: 3, count: 3, copy: 1, write: 2, interrupt: 1, wake: 1 },
  );
  const dmas = g.nodes.filter((n) => n.type === 'dma');
  assert.deepEqual(dmas.map((n) => n.dmaKind), ['qdma', 'rdma', 'qdma']);
  assert.deepEqual(dmas.map((n) => n.packets), [1, 2, 1]);
  assert.equal(dmas[2].chained, true);
  assert.equal(dmas[2].label, 'Chained QDMA (FIN)');
  assert.equal(dmas[0].chained, false);
  for (const n of g.nodes) {
    const host = ['doorbell', 'write', 'interrupt', 'wake'].includes(n.type);
    assert.equal(n.needsHost, host, `${n.type} needsHost`);
  }
  assert.equal(g.nodes[0].bytes, 96, 'the two PIO writes form one doorbell');
  const write = g.nodes.find((n) => n.type === 'write')!;
  assert.equal(write.records, 2, 'the done word PCI write folds into its write node');
  for (let i = 1; i < g.nodes.length; i++) assert.ok(g.nodes[i].t_ps >= g.nodes[i - 1].t_ps, 'nodes in firing order');
});

test('edges follow causality in firing order', () => {
  const g = deriveChain(records, topo);
  const name = (id: number) => {
    const n = g.nodes[id];
    return `${n.type === 'dma' ? n.dmaKind : n.type}@${n.node}`;
  };
  assert.deepEqual(g.edges.map((e) => `${name(e.from)}→${name(e.to)}:${e.kind}`), [
    'doorbell@0→qdma@0:trigger',
    'qdma@0→count@1:completion',
    'count@1→write@1:action',
    'doorbell@0→rdma@0:trigger',
    'rdma@0→count@0:completion',
    'count@0→copy@0:action',
    'copy@0→qdma@0:trigger',
    'qdma@0→count@1:completion',
    'count@1→write@1:action',
    'count@1→interrupt@1:action',
    'interrupt@1→wake@1:wake',
  ]);
  const idx = (e: { to: number }) => e.to;
  for (let i = 1; i < g.edges.length; i++) assert.ok(idx(g.edges[i]) >= idx(g.edges[i - 1]), 'edges sorted by target');
  for (const e of g.edges) assert.ok(e.from < e.to, 'edges point forward in time');
  const rdma = g.nodes.find((n) => n.dmaKind === 'rdma')!;
  const doorbell2 = g.nodes.filter((n) => n.type === 'doorbell')[1];
  assert.ok(g.edges.some((e) => e.from === doorbell2.id && e.to === rdma.id && e.kind === 'trigger'), 'the second doorbell starts the RDMA');
  const wake = g.nodes.find((n) => n.type === 'wake')!;
  const irq = g.nodes.find((n) => n.type === 'interrupt')!;
  assert.ok(g.edges.some((e) => e.from === irq.id && e.to === wake.id));
});
