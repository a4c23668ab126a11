/** Share-link strings for the explorer e2e tests (format 1 = scenario, format 2 = {scenario, view}). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LZString from 'lz-string';

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

/** Decodes the `{scenario, view}` payload of a format-2 URL. */
export function decodeV2(url: string): { scenario: Record<string, any>; view: Record<string, any> } {
  const data = url.split('#s=2.')[1];
  return JSON.parse(LZString.decompressFromEncodedURIComponent(data)!);
}
