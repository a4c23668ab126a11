// A large cluster drawn on a canvas (trace/componentPainter.ts) and picked by position (trace/componentBoxes.ts):
// the box under a point, what is painted in the whole view and zoomed (only what lies in the view), the labels,
// and the busy boxes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeClusterLayout } from '../src/trace/clusterLayout.ts';
import { componentAt, drawnWidth } from '../src/trace/componentBoxes.ts';
import { CANVAS_COMPONENTS, componentSceneSteps, drawComponentScene, paintBusyBoxes, type ComponentMarks } from '../src/trace/componentPainter.ts';
import type { ViewTransform } from '../src/trace/packetPainter.ts';
import type { Topology, TopologyComponent, TopologyLink } from '../../core-wasm/js/bridgeTypes.ts';

/** `n` nodes (host, PCI bus, NIC each) under one switch bar, as an InfiniBand fabric alone is laid out. */
function flat(n: number): Topology {
  const components: TopologyComponent[] = [];
  const links: TopologyLink[] = [];
  for (let i = 0; i < n; i++) {
    components.push({ id: 3 * i, kind: 'host', name: `host${i}`, node: i, network: 'infiniband' });
    components.push({ id: 3 * i + 1, kind: 'pci', name: `pcix${i}`, node: i, network: 'infiniband' });
    components.push({ id: 3 * i + 2, kind: 'nic', name: `hca${i}`, node: i, network: 'infiniband' });
  }
  const sw = 3 * n;
  components.push({ id: sw, kind: 'switch', name: 'ib-switch', level: 1, index: 0, network: 'infiniband', label: 'InfiniScale' });
  for (let i = 0; i < n; i++) links.push({ id: sw + 1 + i, from: 3 * i + 2, to: sw, kind: 'link' });
  const networks = { infiniband: { fabric: 'infiniband', nic: 'infinihost', nodes: n, levels: 1, arity: 0 } };
  return { fabric: 'infiniband', nodes: n, levels: 1, arity: 0, components, links, networks } as Topology;
}

/** A 2D context, and paths for it, that count what is drawn. */
function recorder() {
  const calls = { fillRect: 0, strokeRect: 0, fillText: [] as string[], lineTo: 0, rect: 0, fill: 0, steps: 0 };
  const path = () => ({ moveTo() {}, lineTo() { calls.lineTo++; }, rect() { calls.rect++; } });
  const ctx = {
    setTransform() {}, clearRect() {}, beginPath() {}, moveTo() {}, stroke() {},
    lineTo() { calls.lineTo++; },
    fillRect() { calls.fillRect++; },
    rect() { calls.rect++; },
    fill() { calls.fill++; },
    strokeRect() { calls.strokeRect++; },
    fillText(t: string) { calls.fillText.push(t); },
    fillStyle: '', strokeStyle: '', lineWidth: 1, font: '', textAlign: '', textBaseline: '',
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls, path };
}

/** Builds the scene of the whole `view` step by step (counting the steps), draws it, and returns its labels. */
function paint(r: ReturnType<typeof recorder>, view: ViewTransform, marks: ComponentMarks = NONE) {
  const steps = componentSceneSteps(layout, topology, view, marks, r.path);
  for (;;) {
    const next = steps.next();
    if (next.done) {
      drawComponentScene(r.ctx, next.value, layout, 1);
      return next.value.labels;
    }
    r.calls.steps++;
  }
}

const NONE = { selected: () => false, highlighted: () => false };
const topology = flat(3000);
const layout = computeClusterLayout(topology, 1200, 280);
const host = (i: number) => layout.components.get(3 * i)!;

test('a 3,000-node cluster is past the canvas threshold', () => {
  assert.ok(layout.components.size > CANVAS_COMPONENTS);
});

test('componentAt finds the box under a point, whole view and zoomed, and nothing between rows', () => {
  for (const i of [0, 1, 999, 1500, 2999]) assert.equal(componentAt(layout, host(i).x, host(i).y)?.c.name, `host${i}`);
  const view = { k: 64, x: -host(100).x * 64 + 600 };  // host 100 in the middle of the view
  assert.equal(componentAt(layout, 600, host(100).y, view)?.c.name, 'host100');
  const next = host(101).x * view.k + view.x;
  assert.equal(componentAt(layout, next, host(101).y, view)?.c.name, 'host101');
  const gapY = (host(0).y + layout.components.get(1)!.y) / 2;
  assert.equal(componentAt(layout, 600, gapY, view), null);
});

test('the whole view paints every box; zoomed, only the boxes in view and their labels', () => {
  const whole = recorder();
  paint(whole, { k: 1, x: 0 });
  assert.ok(whole.calls.rect >= layout.components.size);
  // One step per 512 boxes or lines at least: a page builds the scene over several tasks.
  assert.ok(whole.calls.steps >= Math.floor(layout.components.size / 512), `${whole.calls.steps} steps`);
  assert.ok(whole.calls.fill <= 4, `boxes filled in ${whole.calls.fill} paths, one per style`);
  const view = { k: 64, x: -host(100).x * 64 + 600 };
  const zoomed = recorder();
  const labels = paint(zoomed, view);
  assert.ok(zoomed.calls.rect > 0 && zoomed.calls.rect < layout.components.size / 20, `${zoomed.calls.rect} boxes`);
  const h100 = labels.find((l) => l.name === 'host100');
  assert.ok(h100, 'host100 is labelled');
  assert.equal(h100.text, '100');
  assert.ok(Math.abs(h100.x + h100.w / 2 - 600) < 1);
  assert.ok(Math.abs(h100.w - drawnWidth(host(100), 64) * 64) < 1e-9);
  for (const l of labels) assert.ok(l.x + l.w >= 0 && l.x <= layout.width, `${l.name} is in view`);
});

test('busy boxes: each busy component in view, nothing else', () => {
  const r = recorder();
  paintBusyBoxes(r.ctx, layout, new Set([3 * 5, 3 * 6 + 2, 999999]), { k: 1, x: 0 });
  assert.equal(r.calls.rect, 2);
  assert.equal(r.calls.fill, 1);
  const far = recorder();
  paintBusyBoxes(far.ctx, layout, new Set([3 * 2999]), { k: 64, x: 0 });  // host 2999 is far right of a zoomed view at 0
  assert.equal(far.calls.rect, 0);
  assert.equal(far.calls.fill, 0);
});
