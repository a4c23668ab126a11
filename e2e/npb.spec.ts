/**
 * A NAS run on the page (seed 003 "Execution Time of NPB", class S): it runs to the end from a short link, shows
 * the npb-execution (s) and npb-speedup (×) tables with numbers, the MPI message sizes instead of the ping-pong
 * charts, and a sequence chart of messages between the 8 ranks (SVG when few, canvas when zoomed out); the editor
 * switches a ping-pong scenario to NAS runs and back, refusing LU class S on 8 processes at its row.
 */
import { expect, test } from './fixtures';

const NUMBER = /^\d+(\.\d+)?×?$/;

test('a NAS run plays to the end with its tables and a sequence chart between the ranks', async ({ emulator, page }) => {
  test.setTimeout(180_000);
  await emulator.open('#scenario=npb-sci-8node-small');
  await emulator.showPanel('sequence');
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 150_000 });
  await expect(emulator.errorBanner).toHaveCount(0);

  await test.step('the execution-time and speed-up tables hold numbers', async () => {
    const execution = page.getByTestId('table-npb-execution');
    const speedup = page.getByTestId('table-npb-speedup');
    await expect(execution).toContainText('seconds');
    await expect(execution.locator('thead')).toContainText('1 process');
    for (const b of ['MG', 'CG', 'EP']) await expect(execution.locator('tbody')).toContainText(b);
    const seconds = await execution.getByTestId('table-value').allInnerTexts();
    expect(seconds.length).toBeGreaterThanOrEqual(3 * 3);
    for (const s of seconds) expect(s).toMatch(NUMBER);
    await expect(speedup.locator('tr.total')).toContainText('Average');
    const speedups = await speedup.getByTestId('table-value').allInnerTexts();
    for (const s of speedups) expect(s).toMatch(/^\d+\.\d\d×$/);
    // A speed-up on 8 nodes lies between 1 and 8 (EP, embarrassingly parallel, reaches ~8).
    for (const s of speedups) expect(Number(s.replace('×', ''))).toBeGreaterThan(1);
  });

  await test.step('the message-size chart replaces the latency and bandwidth charts', async () => {
    await expect(emulator.latencyChart).toHaveCount(0);
    expect(await page.getByTestId('histogram-line').count()).toBeGreaterThanOrEqual(3);
  });

  await test.step('the sequence chart draws messages between more than 2 of the 8 ranks', async () => {
    await expect(emulator.sequenceChart.getByTestId('seq-lifeline')).toHaveCount(8);
    await emulator.sequenceChart.getByTestId('seq-next-message').click();
    const box = page.getByTestId('seq-box');
    await expect.poll(async () => Number(await box.getAttribute('data-lanes'))).toBeGreaterThan(2);
    expect(Number(await box.getAttribute('data-messages'))).toBeGreaterThan(2);
    expect(await emulator.sequenceChart.getByTestId('seq-message').count()).toBeGreaterThan(2);
    await page.screenshot({ path: 'test-results/npb-run.png', fullPage: true });
    // Zoomed out to ±10 ms, hundreds of messages go to the canvas.
    for (let i = 0; i < 7; i++) await page.getByTestId('sequence-zoom-out').click();
    await expect(page.getByTestId('sequence-window')).toHaveText('±10 ms');
    await expect(box).toHaveAttribute('data-mode', 'canvas');
    expect(Number(await box.getAttribute('data-messages'))).toBeGreaterThan(120);
    expect(Number(await box.getAttribute('data-lanes'))).toBe(8);
    await emulator.sequenceChart.scrollIntoViewIfNeeded();
    await emulator.sequenceChart.screenshot({ path: 'test-results/npb-sequence-canvas.png' });
  });
});

test('the editor switches a ping-pong scenario to NAS runs and back', async ({ emulator, page }) => {
  test.setTimeout(180_000);
  await emulator.open();
  await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  const status = page.getByTestId('editor-status');

  await test.step('NAS: processes, benchmarks with classes, MPI transports', async () => {
    await page.getByTestId('edit-kind').selectOption('npb');
    await expect(page.getByTestId('edit-sizes')).toHaveCount(0);
    await expect(page.getByTestId('edit-processes')).toHaveValue('8');
    await expect(page.getByTestId('edit-nodes')).toHaveValue('8');
    await expect(page.getByTestId('edit-benchmark-CG')).toBeChecked();
    await expect(page.getByTestId('edit-series-ss-via')).toBeChecked();
    await expect(status).toHaveText(/0 parameter/);
  });

  await test.step('rules are refused at their field, the core’s own included', async () => {
    await page.getByTestId('edit-processes').fill('9');
    await expect(page.getByTestId('error-processes')).toContainText('at most the node count (8)');
    await page.getByTestId('edit-processes').fill('8');
    await page.getByTestId('edit-benchmark-LU').check();
    await expect(page.getByTestId('edit-class-LU')).toHaveValue('S');
    await expect(page.getByTestId('error-benchmark-LU')).toContainText('LU class S on 8 processes');
    await expect(page.getByTestId('run-scenario')).toBeDisabled();
    await page.getByTestId('edit-benchmark-LU').uncheck();
    await expect(page.getByTestId('error-benchmark-LU')).toHaveCount(0);
    await expect(page.getByTestId('run-scenario')).toBeEnabled();
  });

  await test.step('Run the NAS scenario: tables and message sizes', async () => {
    await page.getByTestId('edit-benchmark-MG').uncheck();
    await page.getByTestId('edit-benchmark-CG').uncheck();
    await page.getByTestId('edit-series-m-via-fast-ethernet').uncheck();
    await page.getByTestId('edit-series-tcp-fast-ethernet').uncheck();
    await page.getByTestId('run-scenario').click();
    await expect(page.getByTestId('table-npb-speedup')).toContainText('EP', { timeout: 120_000 });
    await expect(page.getByTestId('message-size-chart')).toBeVisible();
  });

  await test.step('back to a ping-pong sweep', async () => {
    await page.getByTestId('edit-kind').selectOption('pingpong');
    await expect(page.getByTestId('edit-sizes')).toHaveValue(/^0, 1, 2, 4/);
    await expect(page.getByTestId('edit-processes')).toHaveCount(0);
    await page.getByTestId('run-scenario').click();
    await emulator.finishedFingerprint();
    await expect(emulator.latencyChart).toBeVisible();
    await expect.poll(() => emulator.latencyChart.locator('circle.chart-point').count()).toBeGreaterThan(10);
  });
});
