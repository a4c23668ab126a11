/**
 * First-visit orientation (issue 13): a newcomer sees one line on what is on screen and a way into the walkthroughs;
 * it is dismissible and stays dismissed on the next visit; readable at 1280×800 and on a 1920×1080 projector.
 */
import { expect, test } from './fixtures';

test.beforeEach(async ({ emulator, page }) => {
  void emulator; // its returning-visitor script first
  // A newcomer: undo the fixture's returning-visitor flag (init scripts run in the order they were added).
  await page.addInitScript(() => window.localStorage.removeItem('hpcsim.firstVisit.dismissed'));
});

test('a newcomer sees what is on screen and a way into the walkthroughs; dismissed, it stays dismissed', async ({ emulator, page, context }) => {
  await emulator.open();
  const card = page.getByTestId('first-visit');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('first-visit-caption')).toContainText('Press ▶ Play');
  await page.screenshot({ path: 'test-results/first-visit-1280x800.png' });
  await page.getByTestId('first-visit-walkthrough').click();
  await expect(page.getByTestId('walkthrough-card')).toBeVisible();
  await expect(card).toHaveCount(0);  // a walkthrough is open
  await page.getByTestId('walkthrough-select').selectOption('');
  await expect(card).toBeVisible();
  await page.getByTestId('first-visit-dismiss').click();
  await expect(card).toHaveCount(0);
  // The next visit (the same browser profile, without the newcomer script) does not show it again.
  const again = await context.newPage();
  await again.goto('/');
  await expect(again.getByTestId('cluster-view')).toBeVisible();
  await expect(again.getByTestId('first-visit')).toHaveCount(0);
});

test('readable on a 1920×1080 projector', async ({ emulator, page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await emulator.open();
  const caption = page.getByTestId('first-visit-caption');
  await expect(caption).toBeVisible();
  const size = await caption.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(size).toBeGreaterThanOrEqual(15);
  await page.screenshot({ path: 'test-results/first-visit-1920x1080.png' });
});
