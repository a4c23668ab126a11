/**
 * The cluster view's captions and tooltips come from the run's topology facts and the catalog (trace/networkFacts.ts),
 * checked on topologies from the core itself (Node wasm build): the PCI bus a tooltip names is the one the run's
 * parameters built, and the NIC, switch and fabric names are the catalog's.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import type { CoreBridge } from '../../core-wasm/js/coreBridge.ts';
import type { Topology } from '../../core-wasm/js/bridgeTypes.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';
import { clusterCaption, componentShortLabel, componentTitle, networkPacketLabel, packetLegend } from '../src/trace/networkFacts.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { railIndex } from '../src/trace/railIndex.ts';

let core: CoreBridge;
before(async () => {
  core = await loadWasm();
});

const load = (id: string) => JSON.parse(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8')) as Scenario;

/** The core's topology of `scenario`. */
function topologyOf(scenario: Scenario): Topology {
  const id = core.create(JSON.stringify(scenario));
  assert.ok(id > 0, core.lastError());
  try {
    return core.topology(id);
  } finally {
    core.destroy(id);
  }
}

const titleOf = (t: Topology, name: string) => componentTitle(t, t.components.find((c) => c.name === name)!);

test('the default QsNet run: Elite fat tree, Elan3 NICs on the testbed\'s 64-bit/66 MHz PCI', () => {
  const t = topologyOf(load('portals-qsnet-pingpong'));
  assert.match(clusterCaption(t), /^16 nodes · QsNet fat tree of Elite switches, 2 switch levels, arity 4 · Elan3 NICs on 64-bit\/66 MHz PCI$/);
  assert.equal(titleOf(t, 'pci3'), 'pci3 (64-bit/66 MHz PCI bus)');
  assert.equal(titleOf(t, 'elan3-4'), 'elan3-4 (Elan3 NIC, 340 MB/s links)');
  assert.equal(titleOf(t, 'elite-L1-0.0'), 'elite-L1-0.0 (Elite switch, level 1)');
  assert.equal(componentShortLabel(t, t.components.find((c) => c.name === 'elan3-4')!), 'Elan3');
});

test('a one-level fat tree is one switch: the PVFS2 runs\' QS-8A', () => {
  const t = topologyOf(load('pvfs2-elan4-listio'));
  assert.match(clusterCaption(t), /^8 nodes · QsNetII: one Elite4 switch, 8 ports to nodes · Elan4 NICs on 64-bit\/133 MHz PCI-X/);
});

test('the SCI ringlet\'s buses follow the run\'s pci.* parameters; its Fast Ethernet is captioned from its own header', () => {
  const base = load('via-sci-pingpong');
  const t = topologyOf(base);
  assert.equal(titleOf(t, 'eth-pci0'), 'eth-pci0 (32-bit/33 MHz PCI bus)');
  assert.equal(titleOf(t, 'tulip0'), 'tulip0 (Tulip (DEC 21140) NIC, 12.5 MB/s = 100 Mb/s links)');
  assert.equal(titleOf(t, 'eth-switch'), 'eth-switch (store-and-forward Fast Ethernet switch)');
  assert.match(clusterCaption(t), /one SCI ringlet · PCI-SCI NICs \([\d.]+ MB\/s links\) on 32-bit\/33 MHz PCI · store-and-forward Fast Ethernet switch \(Tulip \(DEC 21140\) NICs\) below$/);
  const faster = topologyOf({ ...base, parameters: { ...base.parameters, 'pci.clock_MHz': 66 } });
  assert.equal(titleOf(faster, 'pci0'), 'pci0 (32-bit/66 MHz PCI bus)');
});

test('two Elan4 rails: the caption counts them and each part is on the rail the core says', () => {
  const base = load('ompi-elan4-progress');
  const t = topologyOf({ ...base, cluster: { fabric: 'qsnet2', nic: 'elan4', nodes: 16, rails: 2 } });
  assert.match(clusterCaption(t), /QsNetII fat tree of Elite4 switches.* · Elan4 NICs on 64-bit\/133 MHz PCI-X, 2 rails$/);
  assert.equal(titleOf(t, 'pcix3r1'), 'pcix3r1 (64-bit/133 MHz PCI-X bus, rail 1)');
  const { rails, railOf } = railIndex(t);
  assert.equal(rails, 2);
  const onRail = [0, 1].map((r) => t.components.filter((c) => c.kind === 'switch' && railOf.get(c.id) === r).length);
  assert.ok(onRail[0] > 0);
  assert.equal(onRail[0], onRail[1]);
});

test('an InfiniBand cluster: InfiniHost HCAs on the testbed\'s PCI-X 133, 4X links, one InfiniScale switch', () => {
  const t = topologyOf(load('ib-verbs-pingpong'));
  assert.match(clusterCaption(t), /^8 nodes · one 8-port InfiniScale 4X cut-through switch · InfiniHost.* NICs \(1000 MB\/s links\) on 64-bit\/133 MHz PCI-X$/);
  assert.equal(titleOf(t, 'ib-pcix2'), 'ib-pcix2 (64-bit/133 MHz PCI-X bus)');
  assert.equal(titleOf(t, 'ib-switch'), 'ib-switch (8-port InfiniScale 4X cut-through switch)');
  assert.equal(componentShortLabel(t, t.components.find((c) => c.name === 'hca0')!), 'InfiniHost');
});

test('the packet legend names each kind in its fabric\'s terms: QDMA on QsNet, SCI echoes and TCP ACKs beside the ringlet', () => {
  const qsnet = packetLegend(topologyOf(load('portals-qsnet-pingpong')));
  assert.deepEqual(qsnet.map((e) => e.label), ['QDMA', 'RDMA', 'ACK', 'NAK', 'Control (RDMA request)']);
  const sci = packetLegend(topologyOf(load('via-sci-pingpong')));
  assert.deepEqual(sci.map((e) => [e.label, e.fabric]), [
    ['SCI write / read response', 'SCI ringlet'], ['SCI read request', 'SCI ringlet'], ['SCI echo', 'SCI ringlet'],
    ['Ethernet frame (data)', 'switched Fast Ethernet'], ['TCP ACK', 'switched Fast Ethernet'],
  ]);
  // Same colour class, two fabrics' names: the echo and the TCP ACK are both acknowledgements.
  assert.deepEqual(sci.filter((e) => e.kind === TraceKind.ack_packet).map((e) => e.label), ['SCI echo', 'TCP ACK']);
});

test('a packet is named as the network it crosses calls it: the ringlet or the side Fast Ethernet', () => {
  const sci = topologyOf(load('via-sci-pingpong'));
  assert.equal(networkPacketLabel(sci, TraceKind.ack_packet), 'SCI echo');
  assert.equal(networkPacketLabel(sci, TraceKind.ack_packet, 'ethernet'), 'TCP ACK');
  assert.equal(networkPacketLabel(sci, TraceKind.qdma_packet, 'ethernet'), 'Ethernet frame (data)');
  // Kinds a fabric never sends, and a network the run does not have, have no name of their own.
  assert.equal(networkPacketLabel(sci, TraceKind.qdma_packet), null);
  assert.equal(networkPacketLabel(sci, TraceKind.rdma_packet, 'ethernet'), null);
  assert.equal(networkPacketLabel(sci, TraceKind.ack_packet, 'infiniband'), null);
  assert.equal(networkPacketLabel(topologyOf(load('portals-qsnet-pingpong')), TraceKind.qdma_packet), 'QDMA');
});
