/**
 * CSV of a run's result (d3-dsv quoting): the series (one row per point: latency in µs, bandwidth in MB/s =
 * 10^6 B/s) and the breakdown tables (one row per table row and column). Pure.
 */
import { csvFormat } from 'd3-dsv';
import type { SimResult } from '../../../core-wasm/js/bridgeTypes';

export function seriesCsv(result: SimResult): string {
  const rows = result.series.flatMap((s) =>
    s.points.map((p) => ({
      series: s.id, label: s.label ?? s.id, bytes: p.bytes, latency_us: p.latency_us ?? '', bandwidth_MBps: p.bandwidth_MBps ?? '',
    })),
  );
  return csvFormat(rows, ['series', 'label', 'bytes', 'latency_us', 'bandwidth_MBps']);
}

export function tablesCsv(result: SimResult): string {
  const rows = result.tables.flatMap((t) =>
    t.rows.flatMap((r) => t.columns.map((c, i) => ({ table: t.id, unit: t.unit ?? '', row: r.label, column: c, value: r.values[i] ?? '' }))),
  );
  return csvFormat(rows, ['table', 'unit', 'row', 'column', 'value']);
}
