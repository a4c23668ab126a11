// The packet layer (trace/packetPainter.ts): packets in flight at a time, and those that began and ended between two
// frames while playing, drawn once halfway along their link so a late frame does not skip them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MISSED_LIMIT, missedBetween, paintPackets } from '../src/trace/packetPainter.ts';
import { TraceStore } from '../src/trace/traceStore.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import type { ClusterLayout } from '../src/trace/clusterLayout.ts';
import { batch } from './support/traceBatch.ts';

/** One horizontal link, id 9, from x = 0 to x = 100 at y = 50. */
const layout = {
  width: 200, height: 100, nodes: [], components: new Map(),
  links: new Map([[9, { id: 9, from: 1, to: 2, x1: 0, y1: 50, x2: 100, y2: 50 }]]),
} as unknown as ClusterLayout;

/** A 2D context that keeps the centre of each dot drawn (arcs, or squares above the dense threshold). */
function recorder() {
  const dots: number[][] = [];
  const ctx = {
    setTransform() {}, clearRect() {}, beginPath() {}, moveTo() {}, fill() {}, stroke() {},
    arc(x: number, y: number) { dots.push([x, y]); },
    fillRect(x: number, y: number, w: number) { dots.push([x + w / 2, y + w / 2]); },
    fillStyle: '', strokeStyle: '', lineWidth: 1,
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, dots };
}

const Q = TraceKind.qdma_packet;
/** Packets on link 9 (ps): A 100-200, B 300-400, C 500-900, D 1,000-1,000 (instantaneous), E 2,000-3,000. */
function trace(): TraceStore {
  const t = new TraceStore();
  t.append(batch([[100, 200, Q, 9, 1, 64, 0], [300, 400, Q, 9, 2, 64, 0], [500, 900, Q, 9, 3, 64, 0],
    [1000, 1000, Q, 9, 4, 64, 0], [2000, 3000, Q, 9, 5, 64, 0]]));
  return t;
}

test('a paused frame draws the packets in flight at its time only', () => {
  const r = recorder();
  assert.equal(paintPackets(r.ctx, layout, trace(), 600, 1), 1);
  assert.equal(Math.round(r.dots[0][0]), 25); // C is a quarter of the way along
});

test('a frame after a forward step also draws the packets that began and ended since the previous frame, halfway', () => {
  const r = recorder();
  // From 250 to 600: B (300-400) began and ended in between; C is in flight; A ended before 250 and was drawn then.
  assert.equal(paintPackets(r.ctx, layout, trace(), 600, 1, { since_ps: 250 }), 2);
  const xs = r.dots.map((d) => Math.round(d[0])).sort((a, b) => a - b);
  assert.deepEqual(xs, [25, 50]);
});

test('missed: began after the previous frame and over by this one; not one drawn by either frame', () => {
  const t = trace();
  const missed = (since: number, now: number) => [0, 1, 2, 3, 4].filter((r) => missedBetween(t, r, since, now));
  assert.deepEqual(missed(0, 1500), [0, 1, 2, 3]);
  assert.deepEqual(missed(100, 1500), [1, 2, 3]); // A began at 100: the frame at 100 drew it
  assert.deepEqual(missed(250, 800), [1]); // C is still in flight at 800
  assert.deepEqual(missed(900, 1000), []); // D, instantaneous at 1,000, is active at 1,000
  assert.deepEqual(missed(900, 1001), [3]);
  assert.deepEqual(missed(1500, 2500), []); // E is in flight
  assert.deepEqual(missed(1500, 3000), [4]); // and over at 3,000
});

test('at most MISSED_LIMIT missed packets a frame', () => {
  const t = new TraceStore();
  const rows: number[][] = [];
  for (let i = 0; i < MISSED_LIMIT + 100; i++) rows.push([10 + i, 11 + i, Q, 9, i, 64, 0]);
  t.append(batch(rows));
  const r = recorder();
  assert.equal(paintPackets(r.ctx, layout, t, 1e9, 1, { since_ps: 0 }), MISSED_LIMIT);
  assert.equal(r.dots.length, MISSED_LIMIT);
});

test('missed packets shorter than missedMin_ps (one 60 fps frame at the playing speed) are left out', () => {
  const t = trace();
  // From 0 to 1,500: A and B last 100 ps, C 400 ps, D is instantaneous.
  assert.deepEqual([0, 1, 2, 3].filter((r) => missedBetween(t, r, 0, 1500, 150)), [2]);
  const r = recorder();
  assert.equal(paintPackets(r.ctx, layout, t, 1500, 1, { since_ps: 0, missedMin_ps: 150 }), 1);
  assert.equal(Math.round(r.dots[0][0]), 50);
});
