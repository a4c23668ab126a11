/**
 * Bench case (r) of `npm run bench:ui`: a run whose workload has parts, in the page on one worker and on
 * navigator.hardwareConcurrency workers (issue 39 item 5: within 1.3 × serial ÷ min(workers, parts)). For each
 * scenario, alternately with one worker and with all (the page's test hook setParallelWorkers), opens the page on a
 * small scenario, selects the shipped scenario in the menu and times from the selection to the fingerprint shown
 * (wall ms), and checks both give the same fingerprint.
 */
import type { Browser } from 'playwright-core';

export const PARTS_SCENARIOS = [
  { id: 'npb-sci-8node', parts: 20 },
  { id: 'pvfs2-btio', parts: 4 },
];

async function runMs(browser: Browser, base: string, id: string, workers: number): Promise<{ ms: number; fingerprint: string; cores: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${base}#scenario=via-sci-pingpong`);
    await page.getByTestId('fingerprint').filter({ hasText: /[0-9a-f]{16}/ }).waitFor({ timeout: 60_000 });
    const cores = await page.evaluate((n) => {
      (window as unknown as { __hpcsimTest: { setParallelWorkers(n: number): void } }).__hpcsimTest.setParallelWorkers(n);
      return navigator.hardwareConcurrency;
    }, workers);
    const t0 = Date.now();
    await page.getByTestId('scenario-menu').selectOption(id);
    await page.getByTestId('run-status').and(page.locator('[data-status="running"]')).waitFor({ timeout: 60_000 });
    await page.getByTestId('run-status').and(page.locator('[data-status="finished"]')).waitFor({ timeout: 900_000 });
    const ms = Date.now() - t0;
    const fingerprint = ((await page.getByTestId('fingerprint').textContent()) ?? '').match(/[0-9a-f]{16}/)?.[0] ?? '';
    return { ms, fingerprint, cores };
  } finally {
    await page.close();
  }
}

/** Per scenario: serial ms, parallel ms (one sample each, serial first), workers, and whether the fingerprints agree. */
export async function partsTimes(browser: Browser, base: string): Promise<{ id: string; parts: number; serial: number; parallel: number; workers: number; same: boolean }[]> {
  const rows = [];
  for (const s of PARTS_SCENARIOS) {
    const serial = await runMs(browser, base, s.id, 1);
    const parallel = await runMs(browser, base, s.id, serial.cores);
    rows.push({ id: s.id, parts: s.parts, serial: serial.ms, parallel: parallel.ms, workers: serial.cores, same: serial.fingerprint === parallel.fingerprint && serial.fingerprint !== '' });
  }
  return rows;
}
