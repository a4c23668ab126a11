/**
 * A run that fails says so in the project's words and the page stays usable (issue 39 item 3): a worker that dies
 * mid-run (ended by the page's test hook, as a crash would end it) gives a banner saying what happened, how far the run
 * got and what to do (the native CLI command for the shipped scenario), never the runtime's own text; the charts say
 * they have no result instead of drawing empty axes; what was computed stays; and the next scenario opens and runs.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const golden = JSON.parse(readFileSync(new URL('../scenarios/fingerprints.json', import.meta.url), 'utf8')) as Record<string, string>;

test('a worker that dies mid-run: a readable banner, charts that say so, the trace kept, and the next scenario runs', async ({ emulator, page }) => {
  await emulator.open('#scenario=npb-sci-8node');
  const status = page.getByTestId('run-status');
  await expect(status).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await expect.poll(async () => Number(await status.getAttribute('data-records')), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.evaluate(() => (window as unknown as { __hpcsimTest: { killWorker(): void } }).__hpcsimTest.killWorker());
  await expect(status).toHaveAttribute('data-status', 'error');
  await expect(emulator.errorBanner).toContainText('The simulation worker stopped unexpectedly after');
  await expect(emulator.errorBanner).toContainText('npm run sim -- npb-sci-8node');
  await expect(emulator.errorBanner).not.toContainText('Aborted');
  await expect(page.getByTestId('message-size-chart-no-result')).toBeVisible();
  expect(Number(await status.getAttribute('data-records'))).toBeGreaterThan(0);
  // The page is still usable: another scenario opens and runs to its fingerprint.
  await page.getByTestId('scenario-menu').selectOption('via-sci-pingpong');
  expect(await emulator.finishedFingerprint()).toBe(golden['via-sci-pingpong']);
  await expect(page.getByTestId('latency-chart-no-result')).toHaveCount(0);
});

