// The cluster view's fabric labels come from the topology's fabric, not from component names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fabricNames } from '../src/trace/railIndex';
import type { Topology } from '../src/sim/bridgeTypes';

const nic = (id: number, name: string) => ({ id, kind: 'nic', name, node: id }) as Topology['components'][number];

test('an Elan3 cluster whose node 4 NIC is named elan4 is still QsNet with Elan3', () => {
  const t = { fabric: 'qsnet', nodes: 16, components: [nic(3, 'elan0'), nic(15, 'elan4')], links: [] } as unknown as Topology;
  const n = fabricNames(t);
  assert.equal(n.elan4, false);
  assert.equal(n.fabric, 'QsNet');
  assert.equal(n.switchName, 'Elite');
});

test('a qsnet2 topology is QsNetII with Elan4 NICs on PCI-X', () => {
  const t = { fabric: 'qsnet2', nodes: 2, components: [nic(3, 'elan0')], links: [] } as unknown as Topology;
  const n = fabricNames(t);
  assert.equal(n.elan4, true);
  assert.equal(n.bus, 'PCI-X');
});
