/** Walkthroughs: step cards that move the cursor and the highlight, links to a step, presentation mode by keyboard. */
import { expect, test } from './fixtures';
import { decodeLink, linkV3, smallScenario } from './explorerLinks';

test('a w= link opens the short-PUT walkthrough; next / previous move cursor and highlight', async ({ emulator, page }) => {
  await emulator.open('#w=portals-short-put&step=2');
  await emulator.finishedFingerprint();
  const card = page.getByTestId('walkthrough-card');
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 2 of 8');
  await expect(card.getByTestId('walkthrough-text')).toContainText('PtlPut');
  await expect(card.getByTestId('walkthrough-cite')).toContainText('Seed 002 §4.2');
  // Step 2 is 2.1 µs after the first Portals PUT (0 B) starts: 13.409 + 2.1 µs on the default model.
  await expect.poll(() => emulator.simTimeUs()).toBeCloseTo(15.509, 2);
  await expect(page.getByTestId('component-pci0')).toHaveClass(/wt-highlight/);

  await page.getByTestId('walkthrough-next').click();
  await page.getByTestId('walkthrough-next').click();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 4 of 8');
  await expect.poll(() => emulator.simTimeUs()).toBeCloseTo(16.609, 2);
  await expect(page.getByTestId('component-elite-L2-0.1')).toHaveClass(/wt-highlight/);
  await expect.poll(async () => Number(await page.getByTestId('packet-canvas').getAttribute('data-packets'))).toBeGreaterThan(0);
  await expect(page.locator('.app')).toHaveAttribute('data-highlight-panel', 'cluster');

  await page.getByTestId('walkthrough-prev').click();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 3 of 8');
  await emulator.copyLink.click();
  await expect.poll(() => page.url()).toMatch(/#s=4\.[0-9a-f]{8}\./);
  expect(decodeLink(page.url()).view.walkthrough).toEqual({ id: 'portals-short-put', step: 2 });
});

test('presentation mode: large type, editor hidden, N / PageDown / P / Esc drive it', async ({ emulator, page }) => {
  await emulator.open(linkV3(smallScenario(), {
    node: 0, time_ps: 0, speed_us_per_s: 1, panels: ['editor', 'sequence'], walkthrough: { id: 'portals-long-put', step: 0 },
  }));
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 1 of 9');
  await expect(emulator.editor).toBeVisible();
  await page.getByTestId('presentation-toggle').click();
  await expect(page.locator('.app')).toHaveClass(/presenting/);
  await expect(emulator.editor).toHaveCount(0);
  const size = await page.getByTestId('walkthrough-text').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(size).toBeGreaterThanOrEqual(22);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('n');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 3 of 9');
  await page.keyboard.press('p');
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 2 of 9');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 1 of 9');
  await page.keyboard.press('Escape');
  await expect(page.locator('.app')).not.toHaveClass(/presenting/);
  await expect(emulator.editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('walkthrough-card')).toHaveCount(0);
});

test('every walkthrough of the default scenario steps through to its end with text and citation', async ({ emulator, page }) => {
  await emulator.open(linkV3(smallScenario(), { node: 0, time_ps: 0, speed_us_per_s: 1, panels: [] }));
  await emulator.finishedFingerprint();
  const select = page.getByTestId('walkthrough-select');
  for (const id of ['portals-short-put', 'portals-long-put', 'tports-baseline']) {
    await select.selectOption(id);
    const steps = Number(((await page.getByTestId('walkthrough-step').textContent()) ?? '').match(/of (\d+)/)![1]);
    expect(steps).toBeGreaterThanOrEqual(7);
    let last = -1;
    for (let i = 1; i <= steps; i++) {
      await expect(page.getByTestId('walkthrough-step')).toHaveText(`step ${i} of ${steps}`);
      await expect(page.getByTestId('walkthrough-cite')).toContainText('Seed 002');
      const t = await emulator.simTimeUs();
      expect(t).toBeGreaterThanOrEqual(last);
      last = t;
      if (i < steps) await page.getByTestId('walkthrough-next').click();
    }
    await expect(page.getByTestId('walkthrough-next')).toBeDisabled();
  }
});
