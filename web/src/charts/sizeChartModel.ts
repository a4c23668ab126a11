/**
 * Scales and marks of a chart of a metric against message size (pure; d3 computes, React draws).
 * x: message size on a symmetric-log scale (d3 scaleSymlog, constant 1 B), so 0 B sits at the left edge.
 * y: latency on a log scale (µs) or bandwidth on a linear scale (MB/s, 10^6 B/s).
 */
import { scaleLinear, scaleLog, scaleSymlog, type ScaleContinuousNumeric } from 'd3-scale';
import { line } from 'd3-shape';
import type { ResultSeries } from '../../../core-wasm/js/bridgeTypes';
import type { ReferenceSeries } from '../../../core-wasm/js/scenarioTypes';

export type Metric = 'latency_us' | 'bandwidth_MBps';

export const CHART_MARGIN = { top: 12, right: 16, bottom: 34, left: 56 };

export interface ChartPoint {
  seriesId: string;
  bytes: number;
  value: number;
  x: number;
  y: number;
  note?: string;
}

export interface SizeChartModel {
  x: ScaleContinuousNumeric<number, number>;
  y: ScaleContinuousNumeric<number, number>;
  innerWidth: number;
  innerHeight: number;
  maxBytes: number;
  lines: { seriesId: string; d: string }[];
  points: ChartPoint[];
  referencePoints: ChartPoint[];
}

/** A point is drawable when its value is finite, and positive on a log axis. */
function usable(metric: Metric, bytes: number, value: number | undefined): value is number {
  if (value === undefined || !Number.isFinite(value)) return false;
  if (metric === 'latency_us') return value > 0;
  return bytes > 0 && value >= 0;
}

export function computeSizeChart(
  metric: Metric,
  series: ResultSeries[],
  reference: ReferenceSeries[],
  sizesBytes: number[],
  width: number,
  height: number,
): SizeChartModel {
  const innerWidth = Math.max(10, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerHeight = Math.max(10, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const measured = series.flatMap((s) => s.points.map((p) => ({ s: s.id, bytes: p.bytes, v: p[metric] })));
  const referenced = reference.flatMap((s) =>
    s.points.map((p) => ({ s: s.id, bytes: p.bytes, v: p[metric], note: p.note })),
  );
  const values = [...measured, ...referenced].filter((p) => usable(metric, p.bytes, p.v)).map((p) => p.v!);
  const maxBytes = Math.max(1, ...sizesBytes, ...measured.map((p) => p.bytes), ...referenced.map((p) => p.bytes));

  const x = scaleSymlog().constant(1).domain([0, maxBytes]).range([0, innerWidth]);
  let y: ScaleContinuousNumeric<number, number>;
  if (metric === 'latency_us') {
    const lo = values.length ? Math.min(...values) : 1;
    const hi = values.length ? Math.max(...values) : 1000;
    y = scaleLog()
      .domain([lo / 1.5, hi * 1.5])
      .range([innerHeight, 0])
      .nice();
  } else {
    const hi = values.length ? Math.max(...values) : 400;
    y = scaleLinear()
      .domain([0, hi * 1.1])
      .range([innerHeight, 0])
      .nice();
  }

  const toPoint = (p: { s: string; bytes: number; v: number | undefined; note?: string }): ChartPoint => ({
    seriesId: p.s,
    bytes: p.bytes,
    value: p.v!,
    x: x(p.bytes),
    y: y(p.v!),
    note: p.note,
  });
  const points = measured.filter((p) => usable(metric, p.bytes, p.v)).map(toPoint);
  const referencePoints = referenced.filter((p) => usable(metric, p.bytes, p.v)).map(toPoint);
  const path = line<ChartPoint>()
    .x((p) => p.x)
    .y((p) => p.y);
  const lines = series.map((s) => ({
    seriesId: s.id,
    d: path(points.filter((p) => p.seriesId === s.id)) ?? '',
  }));
  return { x, y, innerWidth, innerHeight, maxBytes, lines, points, referencePoints };
}
