/** Packet layers: a packet clicked on the cluster canvas, or a message arrow in the sequence chart, shows its headers. */
import { expect, test, type EmulatorPage } from './fixtures';
import { linkV3, smallScenario } from './explorerLinks';

/** Page coordinates of a canvas pixel drawn in the QDMA colour (#0072B2), or null. */
async function qdmaPacketPoint(emulator: EmulatorPage): Promise<{ x: number; y: number } | null> {
  const canvas = emulator.page.getByTestId('packet-canvas');
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const box = c.getBoundingClientRect();
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] < 20 && Math.abs(d[i + 1] - 114) < 12 && Math.abs(d[i + 2] - 178) < 12 && d[i + 3] > 250) {
        const px = (i / 4) % c.width;
        const py = Math.floor(i / 4 / c.width);
        return { x: box.left + (px * box.width) / c.width, y: box.top + (py * box.height) / c.height };
      }
    }
    return null;
  });
}

test('clicking a packet in flight opens its layers, with the wire layer from the trace', async ({ emulator, page }) => {
  // 16.6 µs: the first 0-byte Portals PUT (node 0 → 5) is crossing the fat tree.
  await emulator.open(linkV3(smallScenario(), { node: 0, time_ps: 16_609_096, speed_us_per_s: 1, panels: [] }));
  await emulator.finishedFingerprint();
  await expect.poll(async () => Number(await page.getByTestId('packet-canvas').getAttribute('data-packets'))).toBeGreaterThan(0);
  const point = await qdmaPacketPoint(emulator);
  expect(point).not.toBeNull();
  await test.step('click the dot', async () => {
    await page.mouse.click(point!.x, point!.y);
  });
  const layers = page.getByTestId('packet-layers');
  await expect(layers).toBeVisible();
  await expect(layers).toHaveAttribute('aria-label', /Headers of message \d+/);
  const wire = layers.getByTestId('layer-wire');
  await expect(wire).toContainText('QDMA packet');
  await expect(wire).toContainText(/elan3-0|elite-L1-0\.0|elite-L2|elite-L1-1\.0/);
  await expect(wire).toContainText('head enters');
  await expect(wire).toContainText('µs');
  // Either the core describes the upper layers (hs_message_json) or the page says it does not yet.
  await expect(layers.getByTestId('layers-source')).not.toContainText('Asking');
  const core = await layers.getByTestId('layer-core').count();
  if (core > 0) await expect(layers.getByTestId('layer-core').first()).toContainText(/Portals|Tports/);
  else await expect(layers.getByTestId('layers-source')).toContainText('wire layer comes from the trace');
  await page.getByTestId('packet-layers-close').click();
  await expect(layers).toHaveCount(0);
});

test('clicking a message arrow in the sequence chart opens that message', async ({ emulator, page }) => {
  await emulator.open(linkV3(smallScenario(), { node: 0, time_ps: 20_000_000, speed_us_per_s: 1, panels: ['sequence'] }));
  await emulator.finishedFingerprint();
  const arrow = emulator.sequenceChart.getByTestId('seq-message').first();
  await expect(arrow).toBeVisible();
  const message = await arrow.getAttribute('data-message');
  await arrow.locator('line').first().dispatchEvent('click');
  const layers = page.getByTestId('packet-layers');
  await expect(layers).toHaveAttribute('aria-label', `Headers of message ${message}, layer by layer`);
  await expect(layers.getByTestId('layer-wire')).toContainText(`message${message}`);
});
