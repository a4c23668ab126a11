/**
 * Pure logic of the NAS views: result-table values by unit, time axes from µs to s, the message-size chart
 * model, the sequence canvas's hit test, the catalog's sender, and the result's message histograms.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTableValue, unitCaption } from '../src/charts/tableFormat.ts';
import { formatHalfWindow, timeAxisScale, timeUnitFor } from '../src/charts/timeAxis.ts';
import { computeHistogramChart, parseHistogramId } from '../src/charts/histogramChartModel.ts';
import { hitSegment, type SequenceSegment } from '../src/trace/sequencePainter.ts';
import { sourceOf } from '../src/hooks/useMessageSources.ts';
import { normalizeResult } from '../src/sim/normalizeResult.ts';

test('table values follow the unit: seconds to 3 significant digits, speed-up with ×, µs with 2 decimals', () => {
  assert.equal(formatTableValue(0.01964564074, 's'), '0.0196');
  assert.equal(formatTableValue(14.76395008, 's'), '14.8');
  assert.equal(formatTableValue(5.248763664939704, 'x'), '5.25×');
  assert.equal(formatTableValue(36.104, 'us'), '36.10');
  assert.equal(formatTableValue(null, 's'), '—');
  assert.equal(formatTableValue(NaN, 'x'), '—');
  assert.equal(unitCaption('s'), 'seconds');
  assert.match(unitCaption('x'), /speed-up/);
});

test('time axes switch unit with the window and keep d3 precision', () => {
  assert.equal(timeUnitFor(100).unit, 'µs');
  assert.equal(timeUnitFor(20_000).unit, 'ms');
  assert.equal(timeUnitFor(2_000_000).unit, 'ms');
  assert.equal(timeUnitFor(10_000_000).unit, 's');
  const ms = timeAxisScale(61_000, 81_000, [0, 300]);
  assert.equal(ms.unit, 'ms');
  assert.deepEqual(ms.scale.domain(), [61, 81]);
  assert.equal(ms.label(70), '70 ms');
  const us = timeAxisScale(70_950, 71_050, [0, 300]);
  assert.equal(us.label(71_000), '71,000 µs');
  assert.equal(formatHalfWindow(50), '±50 µs');
  assert.equal(formatHalfWindow(10_000), '±10 ms');
  assert.equal(formatHalfWindow(1_000_000), '±1 s');
});

const HISTOGRAMS = [
  { id: 'CG.S/1-process', histogram: [] },
  { id: 'CG.S/ss-via', histogram: [{ bytes: 8, count: 12480 }, { bytes: 16, count: 240 }, { bytes: 2800, count: 9360 }] },
  { id: 'CG.S/sci-mpi', histogram: [{ bytes: 2800, count: 9360 }, { bytes: 8, count: 12480 }, { bytes: 16, count: 240 }] },
  { id: 'EP.S/ss-via', histogram: [{ bytes: 8, count: 28 }, { bytes: 80, count: 14 }] },
  { id: 'pingpong/portals-put', histogram: [{ bytes: 0, count: 3 }] },
];

test('the message-size chart keeps NAS histograms with messages, sorted by size, on log scales', () => {
  assert.deepEqual(parseHistogramId('CG.S/ss-via'), { run: 'CG.S', seriesId: 'ss-via' });
  assert.equal(parseHistogramId('pingpong/portals-put'), null);
  const m = computeHistogramChart(HISTOGRAMS, 456, 260);
  assert.deepEqual(m.lines.map((l) => l.id), ['CG.S/ss-via', 'CG.S/sci-mpi', 'EP.S/ss-via']);
  assert.deepEqual(m.runs, ['CG.S', 'EP.S']);
  assert.deepEqual(m.seriesIds, ['ss-via', 'sci-mpi']);
  assert.equal(m.maxBytes, 2800);
  assert.equal(m.sameAcrossSeries, true);
  const cg = m.lines[1].points;
  assert.deepEqual(cg.map((p) => p.bytes), [8, 16, 2800]);
  assert.ok(cg[0].y < cg[1].y, 'more messages sit higher');
  assert.ok(cg[0].x < cg[1].x && cg[1].x < cg[2].x);
  assert.ok(cg[2].x <= m.innerWidth + 1e-9 && cg[0].y >= 0);
  const different = computeHistogramChart([HISTOGRAMS[1], { id: 'CG.S/tcp', histogram: [{ bytes: 8, count: 1 }] }], 456, 260);
  assert.equal(different.sameAcrossSeries, false);
});

test('a click picks the nearest message arrow within 5 px, and a sender-less tick', () => {
  const seg = (message: number, x1: number | null, y1: number, x2: number, y2: number): SequenceSegment =>
    ({ message, start_ps: message * 1000, x1, y1, x2, y2, color: '#000' });
  const segments = [seg(1, 100, 50, 300, 80), seg(2, 100, 60, 300, 90), seg(3, null, 0, 200, 200)];
  assert.equal(hitSegment(segments, 200, 65)?.message, 1);
  assert.equal(hitSegment(segments, 200, 75)?.message, 2);
  assert.equal(hitSegment(segments, 203, 201)?.message, 3);
  assert.equal(hitSegment(segments, 200, 150), null);
  assert.equal(hitSegment(segments, 95, 50, 6)?.message, 1);
});

test("the sender comes from the catalog's src", () => {
  assert.equal(sourceOf('{"message":17,"series":0,"bytes":2048,"src":3,"dst":4,"layers":[]}'), 3);
  assert.equal(sourceOf('{}'), null);
  assert.equal(sourceOf(null), null);
  assert.equal(sourceOf('not json'), null);
});

test('the result keeps message_histograms', () => {
  const r = normalizeResult(JSON.stringify({ series: [], tables: [], message_histograms: HISTOGRAMS.slice(0, 2) }));
  assert.equal(r.histograms.length, 2);
  assert.deepEqual(r.histograms[1].histogram[2], { bytes: 2800, count: 9360 });
  assert.deepEqual(normalizeResult('{}').histograms, []);
});
