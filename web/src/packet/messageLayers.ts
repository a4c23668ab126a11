/**
 * One protocol message's headers, layer by layer from the API at the top to the wire at the bottom, as
 * hs_message_json(session, message) returns them (Packet Tracer's per-layer view):
 * `{"message": id, "series": i, "bytes": n, "src": node, "dst": node, "layers": [{"name", "fields": [[k, v]]}]}`,
 * or `{}` for an unknown id. Pure.
 */

export interface HeaderLayer {
  name: string;
  /** [field, value] pairs in the order the core gives them. */
  fields: [string, string][];
}

export interface MessageLayers {
  message: number;
  series: number;
  bytes: number;
  src: number | null;
  dst: number | null;
  layers: HeaderLayer[];
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Reads hs_message_json's text; null for `{}`, malformed JSON or a shape without layers. */
export function parseMessageJson(text: string | null): MessageLayers | null {
  if (!text) return null;
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return null;
  }
  if (!o || typeof o !== 'object') return null;
  const r = o as Record<string, unknown>;
  if (!isInt(r.message) || !Array.isArray(r.layers)) return null;
  const layers: HeaderLayer[] = [];
  for (const l of r.layers) {
    if (!l || typeof l !== 'object') continue;
    const layer = l as Record<string, unknown>;
    const fields = Array.isArray(layer.fields)
      ? layer.fields
          .filter((f): f is unknown[] => Array.isArray(f) && f.length >= 2)
          .map((f) => [String(f[0]), String(f[1])] as [string, string])
      : [];
    layers.push({ name: String(layer.name ?? 'layer'), fields });
  }
  return {
    message: r.message,
    series: isInt(r.series) ? r.series : -1,
    bytes: isInt(r.bytes) ? r.bytes : 0,
    src: isInt(r.src) ? r.src : null,
    dst: isInt(r.dst) ? r.dst : null,
    layers,
  };
}
