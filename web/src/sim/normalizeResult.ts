/**
 * Reads hs_result_json() (the same JSON `npm run sim -- <file> --format json` prints) into SimResult.
 * Accepts series given as point lists (`points: [{bytes, latency_us, bandwidth_MBps}]`) or as columns
 * (`sizes_bytes`/`bytes`, `latency_us`, `bandwidth_MBps` arrays). Tables have the reference-table shape.
 */
import type { BreakdownTable } from '../../../core-wasm/js/scenarioTypes';
import type { MessageHistogram, ResultPoint, ResultSeries, SimResult } from '../../../core-wasm/js/bridgeTypes';

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

function readPoints(s: Json): ResultPoint[] {
  if (Array.isArray(s.points)) {
    return s.points.filter(isObject).map((p) => ({
      bytes: num(p.bytes) ?? num(p.size_bytes) ?? 0,
      latency_us: num(p.latency_us),
      bandwidth_MBps: num(p.bandwidth_MBps),
    }));
  }
  const sizes = (s.sizes_bytes ?? s.bytes) as unknown;
  if (Array.isArray(sizes)) {
    const lat = Array.isArray(s.latency_us) ? s.latency_us : [];
    const bw = Array.isArray(s.bandwidth_MBps) ? s.bandwidth_MBps : [];
    return sizes.map((b, i) => ({ bytes: num(b) ?? 0, latency_us: num(lat[i]), bandwidth_MBps: num(bw[i]) }));
  }
  return [];
}

function readTables(x: unknown): BreakdownTable[] {
  if (!Array.isArray(x)) return [];
  return x.filter(isObject).map((t) => ({
    id: String(t.id ?? ''),
    label: typeof t.label === 'string' ? t.label : undefined,
    unit: typeof t.unit === 'string' ? t.unit : undefined,
    columns: Array.isArray(t.columns) ? t.columns.map(String) : [],
    rows: Array.isArray(t.rows)
      ? t.rows.filter(isObject).map((r) => ({
          label: String(r.label ?? ''),
          values: Array.isArray(r.values) ? r.values.map((v) => (typeof v === 'number' ? v : NaN)) : [],
        }))
      : [],
  }));
}

function readHistograms(x: unknown): MessageHistogram[] {
  if (!Array.isArray(x)) return [];
  return x.filter(isObject).map((h) => ({
    id: String(h.id ?? ''),
    histogram: Array.isArray(h.histogram)
      ? h.histogram.filter(isObject).map((b) => ({ bytes: num(b.bytes) ?? 0, count: num(b.count) ?? 0 }))
      : [],
  }));
}

/** Parses and normalises the result text; throws on invalid JSON. */
export function normalizeResult(text: string): SimResult {
  const raw = JSON.parse(text) as unknown;
  const obj = isObject(raw) ? raw : {};
  const series: ResultSeries[] = Array.isArray(obj.series)
    ? obj.series.filter(isObject).map((s) => ({
        id: String(s.id ?? ''),
        label: typeof s.label === 'string' ? s.label : undefined,
        points: readPoints(s).sort((a, b) => a.bytes - b.bytes),
      }))
    : [];
  const fp = obj.fingerprint;
  return {
    series,
    tables: readTables(obj.tables),
    histograms: readHistograms(obj.message_histograms),
    fingerprint: typeof fp === 'string' ? fp : typeof fp === 'number' ? fp.toString(16) : undefined,
    events: num(obj.events),
    ...(typeof obj.stalled === 'string' && { stalled: obj.stalled }),
    ...(isObject(obj.bounded) && {
      bounded: {
        reason: String(obj.bounded.reason ?? ''),
        sim_time_us: num(obj.bounded.sim_time_us) ?? 0,
        events: num(obj.bounded.events) ?? 0,
        memory_mib: num(obj.bounded.memory_mib),
      },
    }),
    raw,
  };
}
