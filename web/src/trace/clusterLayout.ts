/**
 * Positions of the cluster's components for drawing (pure; computed with d3-scale).
 * Rows from the bottom: hosts, PCI buses, NICs, leaf Elite switches (level 1), higher levels above.
 * A leaf switch sits above the mean of the NICs it connects; other levels are spread evenly.
 * Two rails (Elan4): hosts in the middle row, rail 0's PCI-X bus, Elan4 and fat tree above, rail 1's mirrored
 * below (trace/railIndex.ts).
 * A second network of the same nodes (components with `network`, e.g. seed 003's Fast Ethernet beside the SCI
 * ringlet, seed 000's InfiniBand beside the QsNetII) is laid out on its own below the main one, mirrored: its hosts at the top, its NICs, then its
 * switch at the bottom; each layout gets a caption (`regions`).
 */
import { scalePoint } from 'd3-scale';
import type { Topology, TopologyComponent } from '../../../core-wasm/js/bridgeTypes';
import { railOfComponent } from './railIndex';
import { networkCaption } from './networkFacts';

export interface PlacedComponent {
  c: TopologyComponent;
  x: number;
  y: number;
  w: number;
  h: number;
  /**
   * The width that never reaches a neighbour of its row (`w` without the 1 px floor that keeps a crowded row
   * visible): a horizontally zoomed view (hooks/useClusterZoom.ts) draws max(wFit, 1 screen px). Absent: `w`.
   */
  wFit?: number;
}

export interface PlacedLink {
  id: number;
  from: number;
  to: number;
  kind: 'link' | 'pci' | 'ring';
  /** Endpoints at the facing edges of the two boxes, px. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface ClusterLayout {
  width: number;
  height: number;
  components: Map<number, PlacedComponent>;
  links: Map<number, PlacedLink>;
  /** One entry per physical link (the lower directed id of each pair). */
  segments: PlacedLink[];
  /** Host ↔ NIC bus lines, one per node and rail. */
  buses: { id: number; x1: number; y1: number; x2: number; y2: number }[];
  /** Node index → host, pci and nic component ids (rail 0's PCI bus and NIC). */
  nodeParts: Map<number, { host?: number; pci?: number; nic?: number }>;
  showLabels: boolean;
  /** Boxes narrower than 6 px: drawn without outlines. */
  dense: boolean;
  /** Captions of the networks when there are two (main fabric, then the second network), px. */
  regions: { id: string; label: string; x: number; y: number }[];
}

/** Share of the height given to the main fabric when a second network is drawn below it. */
const MAIN_SHARE = 0.52;
/** Minimum width of a switch bar that carries a label (px). */
const LABELLED_SWITCH_W = 150;

/**
 * Items a layout step handles between two `yield`s of clusterLayoutSteps. A 1,024-node cluster has 14,592 components
 * and links: its first layout in Chromium was one task of 78 ms (Chrome trace, 2026-11-28), about 3 ms per 512, and
 * 5.4 ms in Node once optimised (best of 16), about 0.2 ms per 512.
 */
const STEP_ITEMS = 512;

/**
 * The layout of `topology` in a `width` × `height` px view (both > 0), computed at once. Pure: a new layout per call.
 */
export function computeClusterLayout(topology: Topology, width: number, height: number): ClusterLayout {
  const steps = clusterLayoutSteps(topology, width, height);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * computeClusterLayout as steps: the generator yields after every STEP_ITEMS components or links and returns the same
 * layout, so that a page can spread a large cluster's layout over several short tasks (hooks/useClusterLayout.ts).
 */
export function* clusterLayoutSteps(topology: Topology, width: number, height: number): Generator<void, ClusterLayout, void> {
  const second = topology.components.filter((c) => c.network);
  if (second.length === 0) return yield* layoutNetwork(topology, width, height);
  // A cluster of that network alone (a fast-ethernet or infiniband fabric): one layout, its switch a bar over every NIC.
  if (second.length === topology.components.length) return barSwitches(yield* layoutNetwork(topology, width, height));
  const secondIds = new Set(second.map((c) => c.id));
  const split = (inSecond: boolean): Topology => ({
    ...topology,
    components: topology.components.filter((c) => secondIds.has(c.id) === inSecond),
    links: topology.links.filter((l) => secondIds.has(l.from) === inSecond && secondIds.has(l.to) === inSecond),
  });
  const mainH = Math.round(height * MAIN_SHARE);
  const a = yield* layoutNetwork(split(false), width, mainH);
  const b = yield* layoutNetwork(split(true), width, height - mainH);
  // Mirror the second layout (hosts next to the main one's hosts, its switch at the bottom) and shift it down.
  const flip = (y: number) => mainH + (height - mainH - y);
  const nics = [...b.components.values()].filter((p) => p.c.kind === 'nic').map((p) => p.x);
  for (const p of b.components.values()) {
    p.y = flip(p.y);
    // A labelled switch (one store-and-forward switch for all nodes) is a bar under every NIC.
    if (p.c.label && nics.length > 0) {
      const lo = Math.min(...nics);
      const hi = Math.max(...nics);
      p.x = (lo + hi) / 2;
      p.w = Math.max(LABELLED_SWITCH_W, hi - lo + p.h);
    }
  }
  for (const l of [...b.links.values(), ...b.buses]) {
    l.y1 = flip(l.y1);
    l.y2 = flip(l.y2);
  }
  // Links to a bar switch drop straight from their NIC.
  for (const l of b.links.values()) {
    const from = b.components.get(l.from);
    const to = b.components.get(l.to);
    if (from?.c.label) l.x1 = l.x2;
    if (to?.c.label) l.x2 = l.x1;
  }
  const network = second[0].network!;
  return {
    width,
    height,
    components: new Map([...a.components, ...b.components]),
    links: new Map([...a.links, ...b.links]),
    segments: [...a.segments, ...b.segments],
    buses: [...a.buses, ...b.buses],
    nodeParts: a.nodeParts,
    showLabels: a.showLabels,
    dense: a.dense,
    regions: [
      { id: 'main', label: networkCaption(topology, topology.fabric, false), x: 6, y: 11 },
      { id: network, label: networkCaption(topology.networks?.[network], network, true), x: 6, y: mainH + 11 },
    ],
  };
}

const MARGIN = { top: 18, bottom: 22, side: 16 };

function* layoutNetwork(topology: Topology, width: number, height: number): Generator<void, ClusterLayout, void> {
  let items = 0;
  const levels = Math.max(1, ...topology.components.filter((c) => c.kind === 'switch').map((c) => c.level ?? 1));
  const rails = topology.rails ?? 1;
  const rows = rails > 1 ? 2 * levels + 5 : 3 + levels; // host, pci, nic, switch levels (per rail)
  const rowGap = (height - MARGIN.top - MARGIN.bottom) / (rows - 1);
  const rowY = (row: number) => height - MARGIN.bottom - row * rowGap;
  /** Row of a part (0 host, 1 pci, 2 nic, 2 + level for switches) on `rail`. */
  const rowOf = (part: number, rail: number) => (rails > 1 ? levels + 2 + (rail === 0 ? part : -part) : part);

  const nodeIds = [...new Set(topology.components.filter((c) => c.node !== undefined).map((c) => c.node!))].sort(
    (a, b) => a - b,
  );
  const x = scalePoint<number>().domain(nodeIds).range([MARGIN.side, width - MARGIN.side]).padding(0.5);
  // Each node's x read from the scale once, not through d3's InternMap for every component.
  const xOfNode = new Map(nodeIds.map((n) => [n, x(n) ?? 0]));
  const spacing = nodeIds.length > 1 ? x.step() : width / 2;
  const nodeFit = Math.min(34, spacing * 0.72);
  const nodeW = Math.max(1, nodeFit);
  const boxH = Math.max(8, Math.min(20, rowGap * 0.42));

  const components = new Map<number, PlacedComponent>();
  const nodeParts = new Map<number, { host?: number; pci?: number; nic?: number }>();
  for (const c of topology.components) {
    if (++items % STEP_ITEMS === 0) yield;
    if (c.node === undefined || c.kind === 'switch') continue;
    const row = rowOf(c.kind === 'host' ? 0 : c.kind === 'pci' ? 1 : 2, railOfComponent(c));
    const w = c.kind === 'pci' ? Math.max(Math.min(3, nodeW), nodeW * 0.3) : nodeW;
    const wFit = c.kind === 'pci' ? Math.max(Math.min(3, nodeFit), nodeFit * 0.3) : nodeFit;
    components.set(c.id, { c, x: xOfNode.get(c.node) ?? 0, y: rowY(row), w, wFit, h: c.kind === 'pci' ? boxH * 0.9 : boxH });
    const parts = nodeParts.get(c.node) ?? {};
    if (c.kind === 'host' || parts[c.kind as 'pci' | 'nic'] === undefined) parts[c.kind as 'host' | 'pci' | 'nic'] = c.id;
    nodeParts.set(c.node, parts);
  }

  // Each switch's NICs (a leaf switch sits above their mean x): the sum of their x and their count.
  const nicsBelow = new Map<number, { sum: number; n: number }>();
  for (const l of topology.links) {
    if (++items % STEP_ITEMS === 0) yield;
    const nic = components.get(l.to);
    if (!nic || nic.c.kind !== 'nic') continue;
    const below = nicsBelow.get(l.from);
    if (below) {
      below.sum += nic.x;
      below.n++;
    } else nicsBelow.set(l.from, { sum: nic.x, n: 1 });
  }
  // Switches per rail and level, in one pass over the components.
  const switchesAt = new Map<number, Topology['components']>();
  for (const c of topology.components) {
    if (++items % STEP_ITEMS === 0) yield;
    if (c.kind !== 'switch') continue;
    const at = railOfComponent(c) * (levels + 1) + (c.level ?? 1);
    const list = switchesAt.get(at);
    if (list) list.push(c);
    else switchesAt.set(at, [c]);
  }
  for (let rail = 0; rail < rails; rail++)
  for (let level = 1; level <= levels; level++) {
    const switches = (switchesAt.get(rail * (levels + 1) + level) ?? []).sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    const even = scalePoint<number>()
      .domain(switches.map((s) => s.id))
      .range([MARGIN.side, width - MARGIN.side])
      .padding(0.5);
    // At least a node's width, but never wider than the spacing: spare fat-tree levels can hold more switches than
    // there are nodes (64 switches above 16 hosts), and their boxes must not run into each other.
    const swW = Math.min(Math.max(nodeW, Math.min(90, even.step() * 0.6)), Math.max(1, even.step() * 0.85));
    const swFit = Math.min(Math.max(nodeFit, Math.min(90, even.step() * 0.6)), even.step() * 0.85);
    for (const s of switches) {
      if (++items % STEP_ITEMS === 0) yield;
      let sx = even(s.id) ?? width / 2;
      const below = level === 1 ? nicsBelow.get(s.id) : undefined;
      if (below) sx = below.sum / below.n;
      components.set(s.id, { c: s, x: sx, y: rowY(rowOf(2 + level, rail)), w: swW, wFit: swFit, h: boxH });
    }
  }

  const links = new Map<number, PlacedLink>();
  const segments: PlacedLink[] = [];
  const seen = new Set<number>();
  // A pair's two ids as one number, below 2^30 up to 32,768 components: a small integer for the Set, where a double
  // key (as before) is hashed as a heap number.
  let pairBase = 1;
  for (const c of topology.components) pairBase = Math.max(pairBase, c.id + 1);
  for (const l of topology.links) {
    if (++items % STEP_ITEMS === 0) yield;
    const a = components.get(l.from);
    const b = components.get(l.to);
    if (!a || !b) continue;
    const dy = Math.sign(b.y - a.y);
    const placed: PlacedLink = {
      id: l.id, from: l.from, to: l.to, kind: l.kind,
      x1: a.x, y1: a.y + (dy * a.h) / 2, x2: b.x, y2: b.y - (dy * b.h) / 2,
    };
    links.set(l.id, placed);
    const key = Math.min(l.from, l.to) * pairBase + Math.max(l.from, l.to);
    if (!seen.has(key)) {
      seen.add(key);
      segments.push(placed);
    }
  }
  // A bus from each host to each NIC of its node (one per rail). The NICs are grouped by node first: pairing every
  // host with every component was 262,144 steps at 256 nodes and 75 M at 4,096.
  const nicsOfNode = new Map<number, PlacedComponent[]>();
  for (const p of components.values()) {
    if (++items % STEP_ITEMS === 0) yield;
    if (p.c.kind !== 'nic' || p.c.node === undefined) continue;
    const list = nicsOfNode.get(p.c.node);
    if (list) list.push(p);
    else nicsOfNode.set(p.c.node, [p]);
  }
  const buses: ClusterLayout['buses'] = [];
  for (const host of components.values()) {
    if (++items % STEP_ITEMS === 0) yield;
    if (host.c.kind !== 'host') continue;
    for (const nic of nicsOfNode.get(host.c.node!) ?? []) {
      const dy = Math.sign(nic.y - host.y);
      buses.push({ id: nic.c.id, x1: host.x, y1: host.y + (dy * host.h) / 2, x2: nic.x, y2: nic.y - (dy * nic.h) / 2 });
    }
  }
  return { width, height, components, links, segments, buses, nodeParts, showLabels: nodeW >= 18, dense: nodeW < 6, regions: [] };
}

/**
 * Draws each labelled switch (one store-and-forward switch for all nodes) as a bar spanning every NIC, with the
 * cables rising straight from their NIC.
 */
function barSwitches(layout: ClusterLayout): ClusterLayout {
  const nics = [...layout.components.values()].filter((p) => p.c.kind === 'nic').map((p) => p.x);
  if (nics.length === 0) return layout;
  const lo = Math.min(...nics);
  const hi = Math.max(...nics);
  for (const p of layout.components.values())
    if (p.c.kind === 'switch' && p.c.label) {
      p.x = (lo + hi) / 2;
      p.w = Math.max(LABELLED_SWITCH_W, hi - lo + p.h);
    }
  for (const l of layout.links.values()) {
    if (layout.components.get(l.to)?.c.label) l.x2 = l.x1;
    if (layout.components.get(l.from)?.c.label) l.x1 = l.x2;
  }
  return layout;
}
