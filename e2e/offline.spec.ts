/**
 * The offline single-file copy (issue 40 item 2; `npm run build:offline` writes dist/hpc-interconnect-emulator-offline.html):
 * opened from disk with the network off, it runs the default scenario to its golden fingerprint; its CSP allows its
 * own inline script by hash, blob: and WebAssembly, and no eval; the page's Export offers it as a download.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from './fixtures';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FILE = join(ROOT, 'dist/hpc-interconnect-emulator-offline.html');
const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8')) as Record<string, string>;

test('the offline copy runs from file:// with the network off to the default scenario\'s fingerprint', async ({ browser }) => {
  const html = readFileSync(FILE, 'utf8');
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' blob: 'wasm-unsafe-eval'/);
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).not.toContain('unsafe-inline');
  expect(html).not.toMatch(/<script[^>]+src=/);
  const context = await browser.newContext();
  await context.setOffline(true);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(FILE).href);
  await expect(page.getByTestId('fingerprint')).toHaveText(new RegExp(golden['portals-qsnet-pingpong']), { timeout: 60_000 });
  expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  await page.getByTestId('play-toggle').click();
  await expect.poll(async () => Number(((await page.getByTestId('sim-time').textContent()) ?? '0').replace(/,/g, ''))).toBeGreaterThan(0);
  await context.close();
});

test('Export offers the offline copy as a download', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.showPanel('export');
  const link = page.getByTestId('export-offline');
  await expect(link).toHaveAttribute('href', './hpc-interconnect-emulator-offline.html');
  await expect(link).toHaveAttribute('download', 'hpc-interconnect-emulator-offline.html');
  const response = await page.request.get(`${new URL(page.url()).origin}/hpc-interconnect-emulator-offline.html`);
  expect(response.ok()).toBe(true);
});
