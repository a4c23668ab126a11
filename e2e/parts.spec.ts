/**
 * A run whose workload has independent parts goes to parallel workers (issue 39 item 5; web/src/run/partsWorker.ts):
 * the NAS campaign (class S, 15 runs) with one worker and with four gives the CLI's fingerprint, the same trace (its
 * records counted and the run's end time), and a message of a later part opens its layers with the run's message id
 * (asked of the worker that ran it).
 */
import { readFileSync } from 'node:fs';
import { linkV4 } from './explorerLinks';
import { expect, test } from './fixtures';

const golden = JSON.parse(readFileSync(new URL('../scenarios/fingerprints.json', import.meta.url), 'utf8')) as Record<string, string>;

test('a NAS campaign on 1 and on 4 workers: the golden fingerprint, the same trace, and a later part\'s message opens', async ({ emulator, page }) => {
  test.setTimeout(300_000);
  const status = page.getByTestId('run-status');
  const runWith = async (workers: number) => {
    await page.evaluate((n) => (window as unknown as { __hpcsimTest: { setParallelWorkers(n: number): void } }).__hpcsimTest.setParallelWorkers(n), workers);
    await page.getByTestId('scenario-menu').selectOption('npb-sci-8node-small');
    // The golden itself is the wait: the previous scenario's fingerprint stays shown until the new run replaces it.
    await expect(emulator.fingerprint).toContainText(golden['npb-sci-8node-small'], { timeout: 150_000 });
    await expect(status).toHaveAttribute('data-status', 'finished');
    await expect(emulator.errorBanner).toHaveCount(0);
    return {
      fingerprint: ((await emulator.fingerprint.textContent()) ?? '').match(/[0-9a-f]{16}/)![0],
      records: Number(await status.getAttribute('data-records')),
      end: await emulator.simTime.textContent(),
    };
  };
  await emulator.open('#scenario=via-sci-pingpong');
  await emulator.finishedFingerprint();
  const one = await runWith(1);
  await page.getByTestId('scenario-menu').selectOption('via-sci-pingpong');
  await emulator.finishedFingerprint();
  const four = await runWith(4);
  expect(one.fingerprint).toBe(golden['npb-sci-8node-small']);
  expect(four.fingerprint).toBe(golden['npb-sci-8node-small']);
  expect(four.records).toBeGreaterThan(100_000);
  expect(four.records).toBe(one.records);
  expect(four.end).toBe(one.end);

  // The last message of the run (the campaign's last part) opens its layers under its id in the run.
  const jump = page.getByTestId('message-jump');
  const count = await jump.locator('option').count();
  await jump.selectOption({ index: count - 1 });
  await emulator.showPanel('sequence');
  const arrow = emulator.sequenceChart.getByTestId('seq-message').last();
  await expect(arrow).toBeVisible();
  const message = Number(await arrow.getAttribute('data-message'));
  await arrow.locator('line').first().dispatchEvent('click');
  const layers = page.getByTestId('packet-layers');
  await expect(layers).toHaveAttribute('aria-label', `Headers of message ${message}, layer by layer`);
  await expect(layers).toContainText('MPI (NPB 2.3)');
  await page.screenshot({ path: test.info().outputPath('parts-late-message.png') });
});

test('a part that stalls ends the run there on 4 workers as on 1: BT-IO on PVFS2 1.0.1 says why', async ({ emulator, page }) => {
  test.setTimeout(180_000);
  const scenario = JSON.parse(readFileSync(new URL('../scenarios/pvfs2-btio.json', import.meta.url), 'utf8'));
  scenario.workload.pvfs2_version = '1.0.1';
  scenario.workload.class = 'W';
  const seen: { stalled: string; fingerprint: string }[] = [];
  for (const workers of [1, 4]) {
    await emulator.open('#scenario=via-sci-pingpong');
    await emulator.finishedFingerprint();
    await page.evaluate((n) => (window as unknown as { __hpcsimTest: { setParallelWorkers(n: number): void } }).__hpcsimTest.setParallelWorkers(n), workers);
    await page.evaluate((hash) => { window.location.hash = hash; }, linkV4(scenario));
    await expect(page.getByTestId('run-stalled')).toContainText('leaked its I/O slots', { timeout: 120_000 });
    await expect(page.getByTestId('run-status')).toContainText('stalled');
    await expect(emulator.errorBanner).toHaveCount(0);
    seen.push({ stalled: (await page.getByTestId('run-stalled').textContent()) ?? '', fingerprint: (await emulator.fingerprint.textContent()) ?? '' });
  }
  expect(seen[1]).toEqual(seen[0]);
});
