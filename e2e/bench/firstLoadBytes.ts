/**
 * What a page load fetched, by kind, as a server pre-compressing with brotli (quality 11) would send it: the files are
 * read from dist/ (the build the bench serves), so the figure is the budgeted one of issue 12 (the page's JS at most
 * 150 KB brotli, the core's wasm at most 250 KB) for exactly the files the browser asked for: the wasm is the module
 * the worker picked for the scenario (core-wasm/js/coreModules.ts), and `other` holds its manifest, modules.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliBytes } from '../../core-wasm/cli/wasmModules.ts';

export interface FetchedBytes {
  /** Kind (js, css, wasm, other) -> files fetched and their brotli bytes in all. */
  [kind: string]: { files: number; brotli: number };
}

/** `urls` (same-origin, as the page requested them) of `base`, measured from the files under `dist`. */
export function fetchedBytes(urls: string[], base: string, dist: string): FetchedBytes {
  const out: FetchedBytes = {};
  for (const url of new Set(urls)) {
    if (!url.startsWith(base)) continue;
    const path = new URL(url).pathname.replace(/^\//, '');
    if (path === '' || path.endsWith('/')) continue;   // the HTML document itself
    const kind = /\.(js|mjs)$/.test(path) ? 'js' : path.endsWith('.css') ? 'css' : path.endsWith('.wasm') ? 'wasm' : 'other';
    const bytes = brotliBytes(readFileSync(join(dist, path)));
    out[kind] = { files: (out[kind]?.files ?? 0) + 1, brotli: (out[kind]?.brotli ?? 0) + bytes };
  }
  return out;
}
