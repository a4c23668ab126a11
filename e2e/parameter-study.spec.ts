/**
 * Parameter study (issue 38 item 4): a 4-value pci.clock_MHz study of the default scenario (Portals PUT's 0-byte
 * one-way latency) draws its chart with the paper's point; it reopens from its share link and runs again there;
 * Cancel stops a running study within 100 ms; clicking a point opens that run as the page's scenario.
 */
import { expect, test } from './fixtures';

test('a 4-value pci.clock_MHz study draws its chart, reopens from its link and cancels within 100 ms', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await page.getByTestId('toggle-study').click();
  const view = page.getByTestId('study-view');
  await expect(view).toBeVisible();
  await view.getByTestId('study-parameter').selectOption('pci.clock_MHz');
  await view.getByTestId('study-values').fill('33, 66, 100, 133');
  await view.getByTestId('study-figure-kind').selectOption('latency');
  await view.getByTestId('study-series').selectOption('portals-put');
  await view.getByTestId('study-bytes').selectOption('0');
  await view.getByTestId('study-run').click();
  await expect(view).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const points = view.getByTestId('study-point');
  await expect(points).toHaveCount(4);
  const figures = await points.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-figure'))));
  // A faster bus, a shorter latency: PCI crossings are on the Portals path.
  expect(figures[0]).toBeGreaterThan(figures[3]);
  await expect(view.getByTestId('study-paper-point')).toBeAttached();
  await view.screenshot({ path: test.info().outputPath('study.png') });

  // The link carries the study; opened afresh it runs again and draws the same points.
  await page.getByTestId('copy-link').click();
  const url = page.url();
  expect(url).toContain('#s=');
  await page.goto('about:blank');
  await page.goto(url);
  const again = page.getByTestId('study-view');
  await expect(again).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const reopened = await again.getByTestId('study-point').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-figure'))));
  expect(reopened).toEqual(figures);

  // Cancel while running: stopped within 100 ms, and the panel says so.
  await again.getByTestId('study-run').click();
  await expect(again).toHaveAttribute('data-status', 'running');
  await again.getByTestId('study-cancel').click();
  await expect(again).toHaveAttribute('data-status', 'cancelled');
  expect(Number(await again.getAttribute('data-cancel-ms'))).toBeLessThan(100);
  await expect(again.getByTestId('study-status')).toContainText('cancelled');

  // A point opens its run as the page's scenario.
  await again.getByTestId('study-run').click();
  await expect(again).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await again.locator('[data-testid="study-point"][data-value="133"]').click();
  const fingerprint = await emulator.finishedFingerprint();
  expect(fingerprint).not.toBe('');
});
