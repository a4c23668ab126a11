/**
 * Bench case (p) of `npm run bench:ui`: the critical path's analysis time in the page (issue 38 item 7: any message
 * of a 1 M-record trace within 50 ms). Opens the default scenario (Portals and Tports ping-pong) with 4 measured
 * iterations instead of 2, so its trace fills the 1,000,000 records it is capped at, as a share link with the critical-path panel open, waits for the run, picks the first, a middle and the last message
 * listed, and reads the view's `data-compute-ms` (criticalPath + its step list, wall clock) for each.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import LZString from 'lz-string';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../core-wasm/cli/engines.ts';

export async function criticalPathTimes(browser: Browser, base: string): Promise<{ records: string; rows: { message: string; segments: string; ms: number }[] }> {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8'));
  scenario.workload.iterations = 4;
  scenario.trace = { max_records: 1_000_000 };
  const view = { node: null, time_ps: 0, speed_us_per_s: 1, panels: ['path'] };
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${base}#s=3.${LZString.compressToEncodedURIComponent(JSON.stringify({ scenario, view }))}`);
    await page.getByTestId('fingerprint').filter({ hasText: /[0-9a-f]{16}/ }).waitFor({ timeout: 180_000 });
    const panel = page.getByTestId('critical-path-view');
    const select = panel.getByTestId('path-message-select');
    await select.locator('option').nth(1).waitFor({ state: 'attached', timeout: 60_000 });
    const values = (await select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).filter((v) => v !== '');
    const out: { message: string; segments: string; ms: number }[] = [];
    for (const v of [values[0], values[values.length >> 1], values[values.length - 1]]) {
      await select.selectOption(v);
      await page.getByTestId('path-status').filter({ hasText: `#${v}:` }).waitFor({ timeout: 60_000 });
      const status = (await page.getByTestId('path-status').textContent()) ?? '';
      out.push({ message: v, segments: /(\d+) segments/.exec(status)?.[1] ?? '?', ms: Number(await panel.getAttribute('data-compute-ms')) });
    }
    const records = /([\d,]+) trace records/.exec((await page.getByTestId('run-status').textContent()) ?? '')?.[1] ?? '?';
    return { records, rows: out };
  } finally {
    await page.close();
  }
}
