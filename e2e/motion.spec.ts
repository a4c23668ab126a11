/**
 * Motion at once (issue 13): on every shipped scenario, opened by its short link, pressing Play moves packets on the
 * cluster view within 1 s of wall time: the clock jumps over an idle lead-in (playback/playStart.ts) and a fresh run
 * plays at a speed chosen from its first message. The NAS, exchange and BT-IO runs are long; Play is pressed as
 * soon as their trace has packets, while the core still computes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const IDS = readdirSync(join(ROOT, 'scenarios'))
  .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json' && f !== 'fingerprints.json')
  .map((f) => (JSON.parse(readFileSync(join(ROOT, 'scenarios', f), 'utf8')) as { id: string }).id)
  .sort();

for (const id of IDS) {
  test(`#scenario=${id}: packets move within 1 s of Play`, async ({ emulator, page }) => {
    test.setTimeout(120_000);
    await emulator.open(`#scenario=${id}`);
    await expect(emulator.errorBanner).toHaveCount(0);
    // Some packets are in the trace (the run may still be computing: its first batches can hold only host calls).
    await expect.poll(async () => Number(await page.getByTestId('run-status').getAttribute('data-packet-records') ?? '0'), { timeout: 90_000 })
      .toBeGreaterThan(0);
    const t0 = await emulator.simTimeUs();
    // From the moment the click reaches the page (its event's timeStamp: the input's arrival, so a busy main thread
    // counts against the page), watch the packet canvas for 1 s: when does a paint draw a packet?
    // (Timing from before Playwright's click would add its own actionability checks, two frames and more, to the page's.)
    // The packet canvas says how many packets its last paint drew (data-packets); its pixels alone would not do, as a
    // cluster drawn on a canvas (256 nodes and more) has its busy boxes painted there too. A MutationObserver sees each
    // paint as it sets the attribute (polling in animation frames read it a frame late: 100-250 ms while a large run
    // streams its trace).
    const watching = page.evaluate(() => new Promise<number>((resolve) => {
      const canvas = document.querySelector('[data-testid="packet-canvas"]') as HTMLCanvasElement;
      const play = document.querySelector('[data-testid="play-toggle"]') as HTMLElement;
      play.addEventListener('click', (e) => {
        const start = e.timeStamp;
        const observer = new MutationObserver(() => {
          if (Number(canvas.dataset.packets ?? 0) === 0) return;
          observer.disconnect();
          resolve(performance.now() - start);
        });
        observer.observe(canvas, { attributes: true, attributeFilter: ['data-packets'] });
        setTimeout(() => {
          observer.disconnect();
          resolve(-1);
        }, 1000 - (performance.now() - start));
      }, { capture: true, once: true });
    }));
    await emulator.playToggle.click();
    const after_ms = await watching;
    console.log(`${id}: first packet drawn ${after_ms.toFixed(0)} ms after the click`);
    expect(after_ms, 'no packet drawn within 1 s of Play').toBeGreaterThanOrEqual(0);
    expect(after_ms, 'no packet drawn within 1 s of Play').toBeLessThanOrEqual(1000);
    expect(await emulator.simTimeUs()).toBeGreaterThan(t0);
    await emulator.playToggle.click();
  });
}
