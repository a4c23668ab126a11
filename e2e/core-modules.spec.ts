/**
 * The page runs each scenario on the smallest build of the core that holds it (core-wasm/js/coreModules.ts, issue 12
 * item 6): the default page fetches the Portals/Elan3 module and not the full core, a seed 003 or seed 000 scenario
 * fetches its own system's, and a scenario no system holds whole runs on the full core; every run gives the
 * fingerprint it gives natively.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { linkV1, smallScenario } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8')) as Record<string, string>;

/** The .wasm files the page (its workers included) fetches from now on, by file name. */
function wasmFetches(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const m = /\/wasm\/([^/?#]+\.wasm)/.exec(r.url());
    if (m) names.push(m[1]);
  });
  return names;
}

test('the default page runs on the Portals/Elan3 module, never fetching the full core', async ({ emulator, page }) => {
  const fetched = wasmFetches(page);
  await emulator.open();
  expect(await emulator.finishedFingerprint()).toBe(golden['portals-qsnet-pingpong']);
  expect(new Set(fetched)).toEqual(new Set(['hpcsim-portals-elan3.wasm']));
});

for (const [id, module] of [['via-sci-pingpong', 'hpcsim-via-sci.wasm'], ['ib-verbs-pingpong', 'hpcsim-pvfs2-elan4.wasm']]) {
  test(`#scenario=${id} runs on ${module}`, async ({ emulator, page }) => {
    const fetched = wasmFetches(page);
    await emulator.open(`#scenario=${id}`);
    expect(await emulator.finishedFingerprint()).toBe(golden[id]);
    await expect(emulator.errorBanner).toHaveCount(0);
    expect(new Set(fetched)).toEqual(new Set([module]));
  });
}

test('a scenario overriding another system\'s parameter runs on the full core, which accepts it', async ({ emulator, page }) => {
  const fetched = wasmFetches(page);
  const scenario = smallScenario();
  scenario.parameters = { 'pvfs2.flow_buffers': 4 };
  await emulator.open(linkV1(scenario));
  await emulator.finishedFingerprint();
  await expect(emulator.errorBanner).toHaveCount(0);
  expect(fetched).toContain('hpcsim.wasm');
  expect(fetched).not.toContain('hpcsim-portals-elan3.wasm');
});

test('a manifest naming a module the server lacks, or a malformed one, falls back to the full core', async ({ emulator, page }) => {
  const fetched = wasmFetches(page);
  await page.route('**/wasm/modules.json', async (route) => {
    const manifest = await (await route.fetch()).json();
    for (const m of manifest.modules) if (m.system !== 'all') m.module = 'hpcsim-missing.mjs';
    await route.fulfill({ json: manifest });
  });
  await emulator.open();
  expect(await emulator.finishedFingerprint()).toBe(golden['portals-qsnet-pingpong']);
  await expect(emulator.errorBanner).toHaveCount(0);
  expect(fetched).toContain('hpcsim.wasm');
  await page.unroute('**/wasm/modules.json');
  await page.route('**/wasm/modules.json', (route) => route.fulfill({ body: '{"format":' }));
  await page.goto('about:blank');
  fetched.length = 0;
  await emulator.open('#scenario=via-sci-pingpong');
  expect(await emulator.finishedFingerprint()).toBe(golden['via-sci-pingpong']);
  expect(new Set(fetched)).toEqual(new Set(['hpcsim.wasm']));
});
