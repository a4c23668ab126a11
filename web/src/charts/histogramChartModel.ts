/**
 * Scales and marks of the message-size chart of MPI jobs (pure; d3 computes, React draws): for each histogram
 * "<benchmark>.<class>/<series id>" (NAS runs), "alltoall/<series id>" (run "MPI_Alltoall") or "exchange/<series id>"
 * (run "MPI_Sendrecv") of the result's
 * `message_histograms` (core-wasm/js/bridgeTypes.ts MessageHistogram),
 * the points (message size, count) and a path through them. x: MPI payload bytes on d3 scaleSymlog (constant 1 B, so 0 B sits at the
 * left edge); y: messages sent on a log scale. Colour follows the benchmark, dash the transport. Histograms with
 * no messages (the 1-process runs) and ids of other workloads ("pingpong/…") are left out.
 */
import { scaleLog, scaleSymlog, type ScaleContinuousNumeric } from 'd3-scale';
import { line } from 'd3-shape';
import type { MessageHistogram } from '../../../core-wasm/js/bridgeTypes';

export const HISTOGRAM_MARGIN = { top: 10, right: 16, bottom: 34, left: 56 };

export interface HistogramLine {
  id: string;
  /** "CG.S", or "MPI_Alltoall" */
  run: string;
  seriesId: string;
  d: string;
  points: { bytes: number; count: number; x: number; y: number }[];
}

export interface HistogramChartModel {
  x: ScaleContinuousNumeric<number, number>;
  y: ScaleContinuousNumeric<number, number>;
  innerWidth: number;
  innerHeight: number;
  maxBytes: number;
  lines: HistogramLine[];
  /** Distinct runs and series ids, in result order (colour and dash indices). */
  runs: string[];
  seriesIds: string[];
  /** Every run sent the same sizes and counts over each of its transports (their lines coincide). */
  sameAcrossSeries: boolean;
}

/**
 * "CG.S/ss-via" → { run: "CG.S", seriesId: "ss-via" }; "alltoall/ompi-rdma-read" → { run: "MPI_Alltoall", ... };
 * "exchange/ompi-rdma-read" → { run: "MPI_Sendrecv", ... };
 * "dynamic/<series>" → MPI point-to-point, "dynamic/control" → join/leave control; null for other ids ("pingpong/<series>").
 */
export function parseHistogramId(id: string): { run: string; seriesId: string } | null {
  // A dynamic job: its ranks' MPI messages per series, and the join/leave control messages (CONNECT, ACCEPT, ...).
  const d = /^dynamic\/(.+)$/.exec(id);
  if (d) return d[1] === 'control' ? { run: 'join/leave control', seriesId: 'control' } : { run: 'MPI point-to-point', seriesId: d[1] };
  const m = /^([A-Z]+\.[A-Z]|alltoall|exchange)\/(.+)$/.exec(id);
  if (!m) return null;
  return { run: m[1] === 'alltoall' ? 'MPI_Alltoall' : m[1] === 'exchange' ? 'MPI_Sendrecv' : m[1], seriesId: m[2] };
}

export function computeHistogramChart(histograms: MessageHistogram[], width: number, height: number): HistogramChartModel {
  const innerWidth = Math.max(60, width - HISTOGRAM_MARGIN.left - HISTOGRAM_MARGIN.right);
  const innerHeight = Math.max(40, height - HISTOGRAM_MARGIN.top - HISTOGRAM_MARGIN.bottom);
  const used = histograms
    .map((h) => ({ h, name: parseHistogramId(h.id) }))
    .filter((e): e is { h: MessageHistogram; name: { run: string; seriesId: string } } =>
      e.name !== null && e.h.histogram.some((b) => b.count > 0));
  const bins = used.flatMap((e) => e.h.histogram.filter((b) => b.count > 0));
  const maxBytes = Math.max(1, ...bins.map((b) => b.bytes));
  const maxCount = Math.max(10, ...bins.map((b) => b.count));
  const x = scaleSymlog().constant(1).domain([0, maxBytes]).range([0, innerWidth]).nice();
  const y = scaleLog().domain([1, maxCount]).range([innerHeight, 0]).nice();
  const path = line<{ x: number; y: number }>().x((p) => p.x).y((p) => p.y);
  const lines = used.map(({ h, name }) => {
    const points = h.histogram
      .filter((b) => b.count > 0)
      .sort((a, b) => a.bytes - b.bytes)
      .map((b) => ({ bytes: b.bytes, count: b.count, x: x(b.bytes), y: y(b.count) }));
    return { id: h.id, run: name.run, seriesId: name.seriesId, d: path(points) ?? '', points };
  });
  return {
    x, y, innerWidth, innerHeight, maxBytes, lines,
    runs: [...new Set(lines.map((l) => l.run))],
    // A dynamic job's control messages belong to no transport.
    seriesIds: [...new Set(lines.filter((l) => l.seriesId !== 'control').map((l) => l.seriesId))],
    sameAcrossSeries: lines.every((l) => {
      const first = lines.find((o) => o.run === l.run)!;
      return JSON.stringify(first.points.map((p) => [p.bytes, p.count])) === JSON.stringify(l.points.map((p) => [p.bytes, p.count]));
    }),
  };
}
