/** Packet layers: the core's hs_message_json shape, the trace's wire layer, and hit-testing drawn packets. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMessageJson } from '../src/packet/messageLayers.ts';
import { messageFacts, wireLayer } from '../src/packet/wireLayer.ts';
import { packetAt } from '../src/trace/packetHitTest.ts';
import { packetPosition } from '../src/trace/packetPainter.ts';
import { TraceStore } from '../src/trace/traceStore.ts';
import type { ClusterLayout } from '../src/trace/clusterLayout.ts';

/** Two records: message 7 (kind 40, series 0, 64 B, delivered at host 16) and its QDMA packet on link 57. */
function trace(): TraceStore {
  const t = new TraceStore();
  t.append({
    n: 2,
    t_start_ps: new Float64Array([1_000_000, 3_000_000]),
    t_end_ps: new Float64Array([9_000_000, 4_000_000]),
    kind: new Uint32Array([40, 1]),
    component: new Uint32Array([16, 57]),
    message: new Uint32Array([7, 7]),
    bytes: new Uint32Array([64, 96]),
    value: new Int32Array([0, 0]),
    cause: new Uint32Array(2),
  });
  return t;
}

const names = {
  component: new Map([[3, 'elan0'], [40, 'elite-L1-0.0']]),
  link: new Map([[57, { from: 3, to: 40 }]]),
};

test('hs_message_json: layers top to bottom; {} and junk give null', () => {
  const text = JSON.stringify({
    message: 7, series: 0, bytes: 64, src: 0, dst: 5,
    layers: [
      { name: 'Portals 3.3 API', fields: [['operation', 'PtlPut'], ['bytes', '64']] },
      { name: 'QsNet packet', fields: [['route', 'elan0 → elite-L1-0.0'], ['odd']] },
    ],
  });
  const parsed = parseMessageJson(text);
  assert.ok(parsed);
  assert.equal(parsed.layers.length, 2);
  assert.deepEqual(parsed.layers[0].fields[0], ['operation', 'PtlPut']);
  assert.equal(parsed.layers[1].fields.length, 1, 'a field without a value is dropped');
  assert.equal(parsed.dst, 5);
  assert.equal(parseMessageJson('{}'), null);
  assert.equal(parseMessageJson('not json'), null);
  assert.equal(parseMessageJson(null), null);
});

test('the wire layer names the packet kind, link, bytes, times and message', () => {
  const t = trace();
  const facts = messageFacts(t, 7);
  assert.equal(facts.record, 0);
  assert.equal(facts.bytes, 64);
  assert.equal(facts.packetsByKind.get(1), 1);
  const layer = wireLayer(t, names, 7, 1, facts);
  assert.ok(layer);
  const f = Object.fromEntries(layer.fields);
  assert.match(f.kind, /QDMA/);
  assert.equal(f.link, 'elan0 → elite-L1-0.0 (link 57)');
  assert.equal(f.bytes, '96');
  assert.equal(f['head enters'], '3.000 µs');
  assert.equal(f['tail leaves'], '4.000 µs');
  assert.equal(f.message, '7');
  // A whole message picked (sequence chart): its first packet stands for the wire.
  assert.deepEqual(wireLayer(t, names, 7, null, facts), layer);
  assert.equal(wireLayer(t, names, 99, null, messageFacts(t, 99)), null);
});

test('hit-testing finds the packet drawn under the pointer at time t, and nothing elsewhere', () => {
  const t = trace();
  const link = { id: 57, from: 3, to: 40, kind: 'link' as const, x1: 100, y1: 200, x2: 100, y2: 100 };
  const layout = { width: 600, height: 300, links: new Map([[57, link]]) } as unknown as ClusterLayout;
  // Halfway (3.5 µs): y = 150; the lane offset puts the dot 3 px to the right of travel (x = 100 + 3).
  assert.equal(packetAt(layout, t, 3_500_000, 103, 150), 1);
  assert.equal(packetAt(layout, t, 3_500_000, 101, 152), 1);
  assert.equal(packetAt(layout, t, 3_500_000, 140, 150), -1);
  assert.equal(packetAt(layout, t, 5_000_000, 103, 150), -1, 'no packet in flight after its tail left');
  // Widened 4 times and panned 250 px left (hooks/useClusterZoom.ts): the link's x moves to 100 × 4 − 250 = 150 on
  // screen, y stays, and the dot keeps its 3 px lane offset on screen.
  const view = { k: 4, x: -250 };
  assert.equal(packetAt(layout, t, 3_500_000, 153, 150, view), 1);
  assert.equal(packetAt(layout, t, 3_500_000, 103, 150, view), -1, 'the unzoomed place is empty when zoomed');
  const diagonal = { ...link, id: 58, x1: 0, y1: 0, x2: 100, y2: 100 };
  const out = new Float64Array(2);
  packetPosition(diagonal, t, 1, 3_500_000, out, { k: 2, x: 10 });
  // Halfway along (0, 0) → (200, 100) on screen, offset 3 px to the right of travel: (−1, 2) / √5 × 3.
  assert.ok(Math.abs(out[0] - (10 + 100 - 3 / Math.sqrt(5))) < 1e-9 && Math.abs(out[1] - (50 + 6 / Math.sqrt(5))) < 1e-9, String(out));
});
