/**
 * Pure logic of the all-to-all views: the alltoall table's per-column units (µs per call, aggregate MB/s), its
 * message histograms in the size chart, and the sequence chart's lane labels for 64 ranks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnUnits, formatTableValue, unitCaption } from '../src/charts/tableFormat.ts';
import { computeHistogramChart, parseHistogramId } from '../src/charts/histogramChartModel.ts';
import { laneLabels } from '../src/charts/laneLabels.ts';
import { lineAlpha } from '../src/trace/sequencePainter.ts';

test("the alltoall table's 'us | MB/s' gives each column its unit", () => {
  assert.deepEqual(columnUnits('us | MB/s', 2), ['us', 'MB/s']);
  assert.deepEqual(columnUnits('s', 3), ['s', 's', 's']);
  assert.deepEqual(columnUnits(undefined, 2), [undefined, undefined]);
  assert.throws(() => columnUnits('us | MB/s', 3), /table unit "us \| MB\/s": 2 units for 3 columns/);
  assert.equal(formatTableValue(2572.710356, 'us'), '2,572.71');
  assert.equal(formatTableValue(-0.5, 'us'), '−0.50');
  assert.equal(formatTableValue(25677.312584347525, 'MB/s'), '25,677');
  assert.equal(unitCaption('us | MB/s'), 'µs | MB/s = 10^6 B/s');
  assert.equal(unitCaption('us'), 'µs');
  assert.equal(unitCaption('s'), 'seconds');
});

test('alltoall histograms are one run, MPI_Alltoall, over each transport; ping-pong ones stay out', () => {
  assert.deepEqual(parseHistogramId('alltoall/ompi-rdma-read'), { run: 'MPI_Alltoall', seriesId: 'ompi-rdma-read' });
  assert.equal(parseHistogramId('pingpong/portals-put'), null);
  const model = computeHistogramChart([
    { id: 'alltoall/ompi-rdma-write', histogram: [{ bytes: 16384, count: 4032 }] },
    { id: 'alltoall/ompi-rdma-read', histogram: [{ bytes: 16384, count: 4032 }] },
    { id: 'pingpong/x', histogram: [{ bytes: 4, count: 1 }] },
  ], 500, 260);
  assert.deepEqual(model.runs, ['MPI_Alltoall']);
  assert.deepEqual(model.seriesIds, ['ompi-rdma-write', 'ompi-rdma-read']);
  assert.equal(model.sameAcrossSeries, true);
  assert.equal(model.maxBytes, 16384);
  assert.ok(model.lines[0].points[0].x > model.innerWidth / 2, '16 KiB sits right of the middle of a 0 B–16 KiB log axis');
});

test('64 ranks 7.4 px apart get a rank axis every 4 ranks; 8 ranks 60 px apart each their full label', () => {
  const ranks = Array.from({ length: 64 }, (_, r) => r);
  const dense = laneLabels(ranks, 7.4);
  assert.equal(dense.full, false);
  assert.equal(dense.step, 4);
  assert.equal(dense.labelled.length, 16);
  assert.deepEqual(dense.labelled.slice(0, 3), [0, 4, 8]);
  assert.ok(dense.step * 7.4 >= 24, 'labels at least 24 px apart');
  assert.equal(laneLabels(ranks, 1).step, 32, 'never a step beyond the lane count');
  const few = laneLabels([0, 1, 2, 3, 4, 5, 6, 7], 60);
  assert.deepEqual(few, { full: true, step: 1, labelled: [0, 1, 2, 3, 4, 5, 6, 7] });
  // Lanes of a ping-pong window (nodes 0, 5 and 12): labelled by position, not by id.
  assert.deepEqual(laneLabels([0, 5, 12], 20).labelled, [0, 12]);
});

test('dense sequence canvases fade their lines with the message count', () => {
  assert.equal(lineAlpha(120), 1);
  assert.equal(lineAlpha(301), 0.7);
  assert.ok(Math.abs(lineAlpha(1000) - 0.25) < 1e-9);
  assert.equal(lineAlpha(4032 * 2), 0.06);
});
