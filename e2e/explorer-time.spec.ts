/** Time controls both ways: Back / Step buttons, keyboard (Space, arrows, Shift+arrows, Home/End), ARIA labels. */
import { expect, test } from './fixtures';
import { linkV1, smallScenario } from './explorerLinks';

test('step back returns to the previous record start; keyboard moves the cursor both ways', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint();
  await test.step('buttons', async () => {
    await emulator.stepForward.click();
    const t1 = await emulator.simTimeUs();
    await emulator.stepForward.click();
    const t2 = await emulator.simTimeUs();
    expect(t2).toBeGreaterThan(t1);
    await emulator.stepBack.click();
    expect(await emulator.simTimeUs()).toBeCloseTo(t1, 3);
  });
  await test.step('arrows step, Shift+arrows scrub 1 µs', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const t0 = await emulator.simTimeUs();
    await page.keyboard.press('ArrowRight');
    const t1 = await emulator.simTimeUs();
    expect(t1).toBeGreaterThan(t0);
    await page.keyboard.press('ArrowLeft');
    expect(await emulator.simTimeUs()).toBeCloseTo(t0, 3);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await emulator.simTimeUs()).toBeCloseTo(t0 + 2, 3);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await emulator.simTimeUs()).toBeCloseTo(t0 + 1, 3);
  });
  await test.step('Home and End', async () => {
    await page.keyboard.press('End');
    expect(await emulator.simTimeUs()).toBeGreaterThan(100);
    await page.keyboard.press('Home');
    expect(await emulator.simTimeUs()).toBe(0);
  });
});

test('Space plays and pauses, also with the play button focused; on another button it presses that button', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint();
  await page.keyboard.press('Space');
  await expect(emulator.playToggle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(emulator.playToggle).toHaveAttribute('aria-pressed', 'false');
  await emulator.playToggle.focus();
  await page.keyboard.press('Space');
  await expect(emulator.playToggle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(emulator.playToggle).toHaveAttribute('aria-pressed', 'false');
  // Another focused button: Space presses it (here it opens the Export panel) and leaves playback alone.
  const toggle = page.getByTestId('toggle-export');
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(emulator.playToggle).toHaveAttribute('aria-pressed', 'false');
});

test('every playback control has an accessible name', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint(); // the Cancel button exists only while running
  const controls = page.getByRole('toolbar', { name: 'Playback' }).locator('button, select, input');
  const n = await controls.count();
  expect(n).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < n; i++) {
    const name = await controls.nth(i).evaluate((el) => el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? '');
    expect(name.trim().length, await controls.nth(i).evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThan(2);
  }
  await expect(page.getByRole('button', { name: /Step back/ })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Simulated time' })).toBeVisible();
});
