import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeClusterLayout } from '../src/trace/clusterLayout.ts';
import type { Topology, TopologyComponent, TopologyLink } from '../../core-wasm/js/bridgeTypes.ts';

/** The shape of Session::topology_json for an SCI ringlet of `n` nodes with the Fast Ethernet beside it. */
function sciWithEthernet(n: number): Topology {
  const components: TopologyComponent[] = [];
  const links: TopologyLink[] = [];
  for (let i = 0; i < n; i++) {
    components.push({ id: 1 + 3 * i, kind: 'host', name: `host${i}`, node: i });
    components.push({ id: 2 + 3 * i, kind: 'pci', name: `pci${i}`, node: i });
    components.push({ id: 3 + 3 * i, kind: 'nic', name: `sci${i}`, node: i });
  }
  for (let i = 0; i < n; i++) links.push({ id: 3 * n + 1 + i, from: 3 + 3 * i, to: 3 + 3 * ((i + 1) % n), kind: 'ring' });
  const e = 4 * n + 1;
  for (let i = 0; i < n; i++) {
    components.push({ id: e + 3 * i, kind: 'host', name: `eth-host${i}`, node: i, network: 'ethernet' });
    components.push({ id: e + 1 + 3 * i, kind: 'pci', name: `eth-pci${i}`, node: i, network: 'ethernet' });
    components.push({ id: e + 2 + 3 * i, kind: 'nic', name: `tulip${i}`, node: i, network: 'ethernet' });
  }
  const sw = e + 5 * n;
  components.push({ id: sw, kind: 'switch', name: 'eth-switch', level: 1, index: 0, network: 'ethernet', label: 'Fast Ethernet switch' });
  for (let i = 0; i < n; i++) {
    links.push({ id: e + 3 * n + i, from: e + 2 + 3 * i, to: sw, kind: 'link' });
    links.push({ id: e + 4 * n + i, from: sw, to: e + 2 + 3 * i, kind: 'link' });
  }
  return {
    fabric: 'sci-ringlet', nodes: n, levels: 0, arity: 0, components, links,
    networks: { ethernet: { fabric: 'fast-ethernet', nic: 'tulip', nodes: n, levels: 1, arity: 0 } },
  };
}

test('the Fast Ethernet is laid out below the ringlet: hosts on top, the switch bar at the bottom under every NIC', () => {
  const n = 8;
  const layout = computeClusterLayout(sciWithEthernet(n), 640, 400);
  const at = (name: string) => [...layout.components.values()].find((p) => p.c.name === name)!;
  // The ringlet keeps its own region: every SCI part above every Ethernet part.
  const lowestSci = Math.max(...[...layout.components.values()].filter((p) => !p.c.network).map((p) => p.y));
  const highestEth = Math.min(...[...layout.components.values()].filter((p) => p.c.network).map((p) => p.y));
  assert.ok(lowestSci < highestEth);
  assert.ok(at('eth-host0').y < at('tulip0').y);
  const sw = at('eth-switch');
  assert.ok(sw.y > at('tulip0').y);
  assert.ok(sw.x - sw.w / 2 <= at('tulip0').x && sw.x + sw.w / 2 >= at(`tulip${n - 1}`).x);
  // Each cable is drawn once, vertically below its NIC, and both directions are animated.
  const cables = layout.segments.filter((s) => s.kind === 'link');
  assert.equal(cables.length, n);
  for (const c of cables) assert.equal(c.x1, c.x2);
  assert.equal([...layout.links.values()].filter((l) => l.kind === 'link').length, 2 * n);
  // Node lookups keep the ringlet's parts; both regions are captioned with their fabric's catalog label.
  assert.equal(layout.nodeParts.get(3)!.nic, 3 + 3 * 3);
  assert.deepEqual(layout.regions.map((r) => r.label), ['SCI ringlet', 'switched Fast Ethernet (the same nodes)']);
});

test('a topology without a second network is laid out as before (no regions)', () => {
  const t = sciWithEthernet(4);
  const main = { ...t, components: t.components.filter((c) => !c.network), links: t.links.filter((l) => l.kind === 'ring') };
  const layout = computeClusterLayout(main, 640, 400);
  assert.equal(layout.regions.length, 0);
  assert.equal(layout.components.size, 12);
});
