/**
 * Names of trace kinds and of their `value` codes, from hs_trace_kinds_json().
 * The `values` field may be an object mapping code → name ({"1":"Take lock"}), a list of names indexed by code,
 * or a string: either "0 idle, 1 take lock, ..." or a description of a level ("occupied slots"), which names
 * no codes.
 */
import type { TraceKindInfo } from '../../../core-wasm/js/bridgeTypes';

export interface KindNames {
  kindName: Map<number, string>;
  valueNames: Map<number, Map<number, string>>;
}

export function parseValueNames(value: unknown): Map<number, string> {
  const names = new Map<number, string>();
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (typeof v === 'string') names.set(i, v);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        const code = typeof o.code === 'number' ? o.code : typeof o.value === 'number' ? o.value : i;
        if (typeof o.name === 'string') names.set(code, o.name);
      }
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (/^-?\d+$/.test(k) && typeof v === 'string') names.set(Number(k), v);
    }
  } else if (typeof value === 'string') {
    const re = /(-?\d+)\s*[=:]?\s*([^,;\]\[]+)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(value))) names.set(Number(m[1]), m[2].trim());
  }
  return names;
}

export function parseKindNames(kinds: TraceKindInfo[]): KindNames {
  const kindName = new Map<number, string>();
  const valueNames = new Map<number, Map<number, string>>();
  for (const k of kinds) {
    kindName.set(k.kind, k.name);
    valueNames.set(k.kind, parseValueNames(k.values ?? k.value));
  }
  return { kindName, valueNames };
}

export function valueName(names: KindNames | null, kind: number, value: number): string {
  return names?.valueNames.get(kind)?.get(value) ?? `code ${value}`;
}
