/**
 * Share-link strings for the explorer e2e tests (format 1 = scenario, format 2 = {scenario, view},
 * format 3 = {scenario, view, compare?}, format 4 = format 3 with the CRC-32 of its data).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LZString from 'lz-string';
import CRC32 from 'crc-32';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The default scenario with fewer sizes (runs in about a second). */
export function smallScenario(sizes = [0, 4096]): Record<string, any> {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8'));
  scenario.workload.sizes_bytes = sizes;
  return scenario;
}

export function linkV1(scenario: object): string {
  return `#s=1.${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;
}

export function linkV2(scenario: object, view: object): string {
  return `#s=2.${LZString.compressToEncodedURIComponent(JSON.stringify({ scenario, view }))}`;
}

/** Decodes the `{scenario, view}` payload of a format-2 (or, since format 3 exists, format-3) URL. */
export function decodeV2(url: string): { scenario: Record<string, any>; view: Record<string, any> } {
  return decodeLink(url);
}

export function linkV3(scenario: object, view: object, compare?: object): string {
  return `#s=3.${LZString.compressToEncodedURIComponent(JSON.stringify(compare ? { scenario, view, compare } : { scenario, view }))}`;
}

/** A format-4 link: format 3's payload with the CRC-32 of its data (the page's writer, web/src/share/linkCodec.ts). */
export function linkV4(scenario: object, view: object = {}, compare?: object): string {
  const data = LZString.compressToEncodedURIComponent(JSON.stringify(compare ? { scenario, view, compare } : { scenario, view }));
  return `#s=4.${(CRC32.str(data) >>> 0).toString(16).padStart(8, '0')}.${data}`;
}

/** Decodes the payload of a format-2, 3 or 4 URL. */
export function decodeLink(url: string): { scenario: Record<string, any>; view: Record<string, any>; compare?: Record<string, any> } {
  const m = url.match(/#s=(?:[23]|4\.[0-9a-f]{8})\.([^&]*)/);
  return JSON.parse(LZString.decompressFromEncodedURIComponent(m![1])!);
}
