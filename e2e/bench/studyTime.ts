/**
 * Bench case (s) of `npm run bench:ui`: a parameter study's wall time in the page (issue 38 item 7: a 16-value study
 * of the default scenario within 1.5 × (16 runs' time ÷ workers)). Opens the default scenario with a study in its
 * share link (pci.clock_MHz over 16 values, Portals PUT's 0-byte latency), reads its wall time (the panel's
 * data-elapsed-ms: the study's start to its last run's end), and likewise a 1-value study for one run's time; prints both, the workers
 * (navigator.hardwareConcurrency) and the ratio to 16 runs ÷ workers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import LZString from 'lz-string';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../core-wasm/cli/engines.ts';

async function studyMs(browser: Browser, base: string, values: number[]): Promise<{ ms: number; workers: number }> {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8'));
  const view = { node: null, time_ps: 0, speed_us_per_s: 1, panels: ['study'] };
  const study = { parameter: 'pci.clock_MHz', values, figure: 'latency:portals-put:0' };
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${base}#s=3.${LZString.compressToEncodedURIComponent(JSON.stringify({ scenario, view, study }))}`);
    const panel = page.getByTestId('study-view');
    await panel.waitFor();
    await page.locator('[data-testid="study-view"][data-status="done"]').waitFor({ timeout: 600_000 });
    const points = await panel.getByTestId('study-point').count();
    if (points !== values.length) throw new Error(`the study drew ${points} of ${values.length} points`);
    return { ms: Number(await panel.getAttribute('data-elapsed-ms')), workers: await page.evaluate(() => navigator.hardwareConcurrency) };
  } finally {
    await page.close();
  }
}

export async function studyTimes(browser: Browser, base: string): Promise<{ one: number; sixteen: number; workers: number }> {
  const one = await studyMs(browser, base, [66]);
  const values = Array.from({ length: 16 }, (_, i) => 33 + Math.round((100 * i) / 15));
  const sixteen = await studyMs(browser, base, values);
  return { one: one.ms, sixteen: sixteen.ms, workers: sixteen.workers };
}
