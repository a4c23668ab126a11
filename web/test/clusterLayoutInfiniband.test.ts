// The InfiniBand network in the cluster view: alone (fabric infiniband: one bar switch over every HCA) and beside a
// QsNetII fat tree (seed 000's testbed: its own region below, not counted as a second Elan4 rail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeClusterLayout } from '../src/trace/clusterLayout.ts';
import { railIndex } from '../src/trace/railIndex.ts';
import type { Topology, TopologyComponent, TopologyLink } from '../../core-wasm/js/bridgeTypes.ts';

/** InfinibandCluster::append_topology's shape for `n` nodes from id `first`. */
function infiniband(n: number, first: number, components: TopologyComponent[], links: TopologyLink[]) {
  for (let i = 0; i < n; i++) {
    components.push({ id: first + 3 * i, kind: 'host', name: `ib-host${i}`, node: i, network: 'infiniband' });
    components.push({ id: first + 1 + 3 * i, kind: 'pci', name: `ib-pcix${i}`, node: i, network: 'infiniband' });
    components.push({ id: first + 2 + 3 * i, kind: 'nic', name: `hca${i}`, node: i, network: 'infiniband' });
  }
  const sw = first + 5 * n;
  components.push({ id: sw, kind: 'switch', name: 'ib-switch', level: 1, index: 0, network: 'infiniband', label: 'InfiniScale' });
  for (let i = 0; i < n; i++) {
    links.push({ id: first + 3 * n + i, from: first + 2 + 3 * i, to: sw, kind: 'link' });
    links.push({ id: first + 4 * n + i, from: sw, to: first + 2 + 3 * i, kind: 'link' });
  }
}

/** A QsNetII of 4 nodes on one Elite4 (QsnetCluster's ids: host, pcix, elan4 per node, then the switch and links). */
function qsnet2WithInfiniband(): Topology {
  const components: TopologyComponent[] = [];
  const links: TopologyLink[] = [];
  for (let i = 0; i < 4; i++) {
    components.push({ id: 1 + 3 * i, kind: 'host', name: `host${i}`, node: i });
    components.push({ id: 2 + 3 * i, kind: 'pci', name: `pcix${i}`, node: i });
    components.push({ id: 3 + 3 * i, kind: 'nic', name: `elan4-${i}`, node: i });
  }
  components.push({ id: 13, kind: 'switch', name: 'elite-L1-0.0', level: 1, index: 0 });
  for (let i = 0; i < 4; i++) {
    links.push({ id: 14 + 2 * i, from: 3 + 3 * i, to: 13, kind: 'link' });
    links.push({ id: 15 + 2 * i, from: 13, to: 3 + 3 * i, kind: 'link' });
  }
  infiniband(4, 22, components, links);
  const networks = { infiniband: { fabric: 'infiniband', nic: 'infinihost', nodes: 4, levels: 1, arity: 0 } };
  return { fabric: 'qsnet2', nodes: 4, levels: 1, arity: 4, components, links, networks } as Topology;
}

test('an InfiniBand cluster alone: names, one bar switch spanning every HCA, cables straight down', () => {
  const components: TopologyComponent[] = [];
  const links: TopologyLink[] = [];
  infiniband(8, 1, components, links);
  const t = { fabric: 'infiniband', nodes: 8, levels: 1, arity: 0, components, links } as Topology;
  assert.equal(railIndex(t).rails, 1);
  const layout = computeClusterLayout(t, 640, 300);
  const at = (name: string) => [...layout.components.values()].find((p) => p.c.name === name)!;
  const sw = at('ib-switch');
  assert.ok(sw.x - sw.w / 2 <= at('hca0').x && sw.x + sw.w / 2 >= at('hca7').x);
  for (const s of layout.segments.filter((x) => x.kind === 'link')) assert.equal(s.x1, s.x2);
  assert.equal(layout.segments.filter((x) => x.kind === 'link').length, 8);
});

test('beside a QsNetII: its own captioned region below, and no second Elan4 rail', () => {
  const t = qsnet2WithInfiniband();
  assert.equal(railIndex(t).rails, 1);
  const layout = computeClusterLayout(t, 640, 400);
  const lowestElan = Math.max(...[...layout.components.values()].filter((p) => !p.c.network).map((p) => p.y));
  const highestIb = Math.min(...[...layout.components.values()].filter((p) => p.c.network).map((p) => p.y));
  assert.ok(lowestElan < highestIb);
  assert.deepEqual(layout.regions.map((r) => r.label), ['QsNetII', 'InfiniBand 4X (the same nodes)']);
  assert.equal(layout.nodeParts.get(2)!.nic, 9); // node lookups keep the Elan4
});
