/**
 * MPI-2 dynamic processes on the page (seed 001: a process joins a running Open MPI job over Elan4 on a spare
 * context of node 6, communicates with rank 0 and leaves): the short link runs to the end, both tables have
 * numbers (phases in µs, the new process's counts), the message sizes replace the ping-pong charts, the sequence
 * chart shows the ranks' messages, and the walkthrough opens by its link with node 6 in the sequence chart only
 * while the process is a member.
 */
import { expect, test } from './fixtures';

const NUMBER = /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

test('the dynamic-process scenario plays to the end with its two tables and a sequence chart of its messages', async ({ emulator, page }) => {
  test.setTimeout(120_000);
  await emulator.open('#scenario=ompi-elan4-dynamic');
  await emulator.showPanel('sequence');
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 90_000 });
  await expect(emulator.errorBanner).toHaveCount(0);

  await test.step('dynamic-phases (µs) and dynamic-process (counts) have numbers', async () => {
    const phases = page.getByTestId('table-dynamic-phases');
    await expect(phases.locator('caption')).toContainText('µs');
    await expect(phases.locator('tbody')).toContainText('Join: total');
    const us = await phases.getByTestId('table-value').allInnerTexts();
    expect(us.length).toBeGreaterThanOrEqual(8);
    for (const v of us) expect(v).toMatch(NUMBER);
    expect(us.map(Number).every((v) => v > 0)).toBe(true);
    const counts = page.getByTestId('table-dynamic-process');
    await expect(counts.locator('tbody')).toContainText('Rank of the new process');
    const n = await counts.getByTestId('table-value').allInnerTexts();
    expect(n.length).toBeGreaterThanOrEqual(5);
    for (const v of n) expect(v).toMatch(/^\d+$/);
    expect(n[0]).toBe('5'); // rank 5, not its VPID
  });

  await test.step('message sizes replace the latency and bandwidth charts', async () => {
    await expect(emulator.latencyChart).toHaveCount(0);
    await expect(page.getByTestId('message-size-chart')).toBeVisible();
    expect(await page.getByTestId('histogram-line').count()).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: 'test-results/dynamic-run.png' });
  });

  await test.step('the sequence chart shows the ranks’ messages', async () => {
    const chart = emulator.sequenceChart;
    const box = page.getByTestId('seq-box');
    if (await chart.getByTestId('seq-next-message').count()) await chart.getByTestId('seq-next-message').click();
    await expect.poll(async () => Number(await box.getAttribute('data-messages'))).toBeGreaterThan(0);
    expect(await chart.getByTestId('seq-message').count()).toBeGreaterThan(0);
  });
});

test('the dynamic walkthrough opens by its link; node 6 has a lane only while the process is a member', async ({ emulator, page }) => {
  test.setTimeout(120_000);
  await emulator.open('#scenario=ompi-elan4-dynamic&w=ompi-dynamic-join-leave&step=4');
  await emulator.showPanel('sequence');
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 90_000 });
  await expect(emulator.errorBanner).toHaveCount(0);
  const card = page.getByTestId('walkthrough-card');
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 4 of 6');
  await expect(card.getByTestId('walkthrough-text')).toContainText('first MPI message');
  const chart = emulator.sequenceChart;
  await expect(chart.locator('[data-testid="seq-lifeline"][data-node="6"]')).toHaveCount(1);
  expect(await chart.getByTestId('seq-message').count()).toBeGreaterThan(0);
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/dynamic-joined.png' });

  // Step 1 (35 µs, attaching): no message to or from node 6 yet; at the end of the run (it left): none any more.
  await page.getByTestId('walkthrough-prev').click();
  await page.getByTestId('walkthrough-prev').click();
  await page.getByTestId('walkthrough-prev').click();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 1 of 6');
  await expect(chart.locator('[data-testid="seq-lifeline"][data-node="6"]')).toHaveCount(0);
  await expect(chart.getByTestId('seq-lifeline')).toHaveCount(5);
  await page.getByTestId('walkthrough-close').click();
  await page.locator('body').press('End');
  await expect.poll(() => emulator.simTimeUs()).toBeGreaterThan(230);
  await expect(chart.locator('[data-testid="seq-lifeline"][data-node="6"]')).toHaveCount(0);
  await expect(chart.getByTestId('seq-lifeline')).toHaveCount(5);
  expect(await chart.getByTestId('seq-message').count()).toBeGreaterThan(0);
});
