/**
 * An all-to-all on the page (MPI_Alltoall on 64 Elan4 nodes, Open MPI by RDMA write and by RDMA read; 3.8 M
 * events): it runs to the end from a short link, shows the alltoall table (µs per call, aggregate MB/s) with
 * numbers for both series, the MPI message sizes instead of the ping-pong charts, and a sequence chart of
 * messages between many of the 64 ranks on a rank axis; the editor switches a ping-pong scenario to an
 * all-to-all, refuses bad bytes at their field, and runs it.
 */
import { expect, test } from './fixtures';

const NUMBER = /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

test('the 64-node all-to-all plays to the end with its table and a sequence chart between the ranks', async ({ emulator, page }) => {
  test.setTimeout(240_000);
  await emulator.open('#scenario=ompi-elan4-64-alltoall');
  await emulator.showPanel('sequence');
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 200_000 });
  await expect(emulator.errorBanner).toHaveCount(0);

  await test.step('the alltoall table holds µs per call and MB/s for both series', async () => {
    const table = page.getByTestId('table-alltoall');
    await expect(table.locator('caption')).toContainText('µs | MB/s');
    await expect(table.locator('thead')).toContainText('time per call (µs)');
    await expect(table.locator('thead')).toContainText('aggregate bandwidth (MB/s)');
    for (const label of ['Open MPI, RDMA write', 'Open MPI, RDMA read']) await expect(table.locator('tbody')).toContainText(label);
    const values = await table.getByTestId('table-value').allInnerTexts();
    expect(values).toHaveLength(4);
    for (const v of values) expect(v).toMatch(NUMBER);
    const [us, mbps] = values.map((v) => Number(v.replace(/,/g, '')));
    expect(us).toBeGreaterThan(100); // 4,032 rendezvous messages of 16 KiB take milliseconds
    // 64 × 63 × 16 KiB in `us` µs, in 10^6 B/s: the table's bandwidth follows from its time.
    expect(Math.abs(mbps - (64 * 63 * 16384) / us) / mbps).toBeLessThan(0.01);
  });

  await test.step('the message-size chart replaces the latency and bandwidth charts', async () => {
    await expect(emulator.latencyChart).toHaveCount(0);
    await expect(page.getByTestId('message-size-chart')).toBeVisible();
    expect(await page.getByTestId('histogram-line').count()).toBeGreaterThanOrEqual(1);
  });

  await test.step('the sequence chart has 64 rank lanes and messages between many of them', async () => {
    const chart = emulator.sequenceChart;
    await expect(chart.getByTestId('seq-lifeline')).toHaveCount(64);
    expect(Number(await chart.getByTestId('seq-lanes').getAttribute('data-label-step'))).toBeGreaterThan(1);
    const box = page.getByTestId('seq-box');
    if (await chart.getByTestId('seq-next-message').count()) await chart.getByTestId('seq-next-message').click();
    await expect.poll(async () => Number(await box.getAttribute('data-messages'))).toBeGreaterThan(0);
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: 'test-results/alltoall-sequence-near.png' });
    // Zoomed out over the call, thousands of messages between the ranks go to the canvas.
    for (let i = 0; i < 4; i++) await page.getByTestId('sequence-zoom-out').click();
    await expect(box).toHaveAttribute('data-mode', 'canvas');
    await expect.poll(async () => Number(await box.getAttribute('data-lanes')), { timeout: 30_000 }).toBeGreaterThan(32);
    expect(Number(await box.getAttribute('data-messages'))).toBeGreaterThan(120);
    await page.screenshot({ path: 'test-results/alltoall-run.png', fullPage: true });
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: 'test-results/alltoall-sequence.png' });
  });
});

test('the editor switches a ping-pong scenario to an all-to-all and runs it', async ({ emulator, page }) => {
  test.setTimeout(180_000);
  await emulator.open();
  await emulator.finishedFingerprint();
  await emulator.showPanel('editor');

  await test.step('all-to-all: bytes per pair, calls, the Open MPI transports of QsNetII', async () => {
    await page.getByTestId('edit-kind').selectOption('alltoall');
    await expect(page.getByTestId('edit-sizes')).toHaveCount(0);
    await expect(page.getByTestId('edit-bytes')).toHaveValue('16384');
    await expect(page.getByTestId('edit-iterations')).toHaveValue('1');
    await expect(page.getByTestId('edit-nodes')).toHaveValue('64');
    await expect(page.getByTestId('edit-series-ompi-rdma-write')).toBeChecked();
    await expect(page.getByTestId('edit-series-ompi-rdma-read')).toBeChecked();
    await expect(page.getByTestId('edit-series-portals-put')).toHaveCount(0);
  });

  await test.step('bad values are refused at their field, naming the rule', async () => {
    await page.getByTestId('edit-bytes').fill('99999999');
    await expect(page.getByTestId('error-bytes')).toContainText('16777216');
    await expect(page.getByTestId('run-scenario')).toBeDisabled();
    await page.getByTestId('edit-iterations').fill('0');
    await expect(page.getByTestId('error-iterations')).toContainText('>= 1');
    await page.getByTestId('edit-iterations').fill('1');
    await page.getByTestId('edit-bytes').fill('1024');
    await expect(page.getByTestId('error-bytes')).toHaveCount(0);
    await page.getByTestId('edit-series-ompi-rdma-read').uncheck();
    await page.getByTestId('edit-series-ompi-rdma-write').uncheck();
    await expect(page.getByTestId('error-series')).toContainText('at least one series');
    await page.getByTestId('edit-series-ompi-rdma-read').check();
    await page.getByTestId('edit-nodes').fill('16');
    await expect(page.getByTestId('run-scenario')).toBeEnabled();
    await emulator.editor.screenshot({ path: 'test-results/alltoall-editor.png' });
  });

  await test.step('Run: the alltoall table and the message sizes of 16 ranks', async () => {
    await page.getByTestId('run-scenario').click();
    const table = page.getByTestId('table-alltoall');
    await expect(table).toContainText('Open MPI, RDMA read', { timeout: 120_000 });
    await expect(table).not.toContainText('RDMA write');
    await expect(page.getByTestId('message-size-chart')).toBeVisible();
    await expect(emulator.errorBanner).toHaveCount(0);
    for (const v of await table.getByTestId('table-value').allInnerTexts()) expect(v).toMatch(NUMBER);
  });
});
