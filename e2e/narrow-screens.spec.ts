/**
 * Narrow windows: a phone (390 px), a tablet or split screen (800 px) and a classroom projector (1,024 px). The page
 * is one column below 1,000 px, its toolbars wrap, menus and parameter groups shrink to their box, and a wide result
 * table scrolls inside its panel; so the document is never wider than the window (no sideways scrolling of the whole
 * page), with every panel open. Before, the page kept a 1,000 px minimum and the playback bar did not wrap: the NAS
 * run's bar reached 1,178 px even on a 1,024 px projector, its message menu as wide as its longest message.
 */
import { expect, test } from './fixtures';

/** How far the document reaches past the window's right edge, in CSS pixels, and the elements that do. */
async function overflow(page: import('@playwright/test').Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Content a scrolling or clipping ancestor holds inside the window does not widen the page.
      let held = false;
      for (let a = el.parentElement; a && !held; a = a.parentElement) {
        held = getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 1;
      }
      if (!held) culprits.push(`${el.tagName.toLowerCase()}[data-testid=${el.dataset.testid ?? ''}] right=${Math.round(box.right)}`);
    }
    return { excess: document.documentElement.scrollWidth - width, culprits: culprits.slice(0, 5) };
  });
}

for (const [width, height] of [[390, 844], [800, 1000], [1024, 768]] as const) {
  test.describe(`a ${width}-pixel window`, () => {
    test.use({ viewport: { width, height } });

    test('NAS campaign while it computes: the playback bar wraps within the window', async ({ emulator, page }) => {
      await emulator.open('#scenario=npb-sci-8node-small');
      // The message menu lists the run's messages as the trace arrives (its longest option made it 330 px wide).
      await expect.poll(() => page.getByTestId('message-jump').locator('option').count(), { timeout: 30_000 }).toBeGreaterThan(5);
      expect(await overflow(page)).toEqual({ excess: 0, culprits: [] });
    });

    test('PVFS2 list I/O with every panel open fits the window', async ({ emulator, page }) => {
      await emulator.open('#scenario=pvfs2-elan4-listio');
      for (const panel of ['editor', 'export', 'compare', 'chain']) await page.getByTestId(`toggle-${panel}`).click();
      await expect(page.getByTestId('scenario-editor')).toBeVisible();
      await expect(page.getByTestId('event-chain-view')).toBeVisible();
      await emulator.finishedFingerprint();
      await expect(page.getByTestId('table-listio')).toBeVisible();
      expect(await overflow(page)).toEqual({ excess: 0, culprits: [] });
      if (width < 1000) {
        // One column: the storage view sits below the cluster, not beside it.
        const cluster = (await emulator.cluster.boundingBox())!;
        const storage = (await page.getByTestId('storage-view').boundingBox())!;
        expect(storage.y).toBeGreaterThanOrEqual(cluster.y + cluster.height);
      }
    });
  });
}
