/**
 * Seed 003's scenario: the Fast Ethernet (Tulip NICs, store-and-forward switch) is drawn below the SCI ringlet,
 * and the VI inspector shows node 0's SS-VIA descriptors changing state as the time cursor moves
 * (posted → in progress → complete / dequeued), with the VI state and the completion queues.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LZString from 'lz-string';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHOTS = join(ROOT, 'test-results', 'vi-inspector');

test('Fast Ethernet switch drawn; VI descriptors change state as the cursor moves', async ({ emulator, page }) => {
  const scenario = readFileSync(join(ROOT, 'scenarios/via-sci-pingpong.json'), 'utf8');
  await emulator.open(`#s=1.${LZString.compressToEncodedURIComponent(scenario)}`);
  await emulator.finishedFingerprint();
  await expect(emulator.errorBanner).toHaveCount(0);

  await test.step('the Ethernet switch, the Tulip NICs and their links are drawn beside the ringlet', async () => {
    const sw = page.getByTestId('component-eth-switch');
    await expect(sw).toBeVisible();
    await expect(sw).toContainText('Fast Ethernet switch');
    await expect(page.locator('[data-testid^="component-tulip"]')).toHaveCount(8);
    await expect(page.locator('[data-testid^="component-sci"]')).toHaveCount(8);
    await expect(page.getByTestId('cluster-region-ethernet')).toHaveText(/Fast Ethernet/);
    // Ring, PCI and the 8 Ethernet cables (one segment per cable).
    expect(await emulator.cluster.locator('line.link-link').count()).toBe(8);
  });

  const inspector = page.getByTestId('vi-inspector');
  const sendQueue = inspector.getByTestId('vi-queues-queue-send').first();
  await test.step('select node 0 at the start of the SS-VIA ping-pong', async () => {
    await page.getByTestId('component-host0').click();
    await page.keyboard.press('Home');
    await expect(inspector).toContainText('node 0');
    await expect(inspector.getByTestId('vi-queues-owner-state').first()).toHaveText('Connected');
    await expect(inspector).toContainText(/VI \d+ ↔ node 4/);
  });

  await test.step('scrub 1 µs at a time: the first send descriptor goes posted → … → Done', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 80; i++) {
      const first = sendQueue.getByTestId('vi-queues-entry').first();
      if ((await first.count()) > 0) {
        const label = await first.locator('.entry-label').textContent();
        const state = await first.getAttribute('data-state');
        if (label === 'desc 0' && state && seen[seen.length - 1] !== state) {
          seen.push(state);
          await inspector.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(SHOTS, `${seen.length}-${state}.png`) });
        }
        if (seen.includes('posted') && (state === 'complete' || state === 'dequeued')) break;
      }
      await page.keyboard.press('Shift+ArrowRight');
    }
    expect(seen[0]).toBe('posted');
    expect(seen.some((s) => s === 'complete' || s === 'dequeued')).toBe(true);
    await expect(sendQueue.getByTestId('vi-queues-entry').first()).toContainText(/Done/);
  });

  await test.step('the completion queues are listed', async () => {
    await expect(inspector.locator('[data-owner^="cq-"]').first()).toContainText('Send CQ');
  });

  await test.step('an M-VIA message: its VI is on the Ethernet host and its frames cross the switch', async () => {
    const jump = page.getByTestId('message-jump');
    const value = await jump.evaluate((el: HTMLSelectElement) =>
      [...el.options].find((o) => o.text.startsWith('M-VIA') && o.text.includes('1K'))?.value ?? '');
    expect(value).not.toBe('');
    await jump.selectOption(value);
    await expect(inspector).toContainText('eth-host0');
    const canvas = page.getByTestId('packet-canvas');
    let drawn = 0;
    for (let i = 0; i < 200 && drawn === 0; i++) {
      await page.keyboard.press('Shift+ArrowRight');
      drawn = Number((await canvas.getAttribute('data-packets')) ?? 0);
    }
    expect(drawn).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'm-via-frame.png'), fullPage: true });
  });
});
