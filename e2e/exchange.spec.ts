/**
 * The 256-node exchange on the page (MPI_Sendrecv of 64 KiB between node i and i + 128 on 256 Elan4 nodes, by RDMA
 * write then RDMA read; 0.9 M events): it opens by its short link, runs to the end, shows the exchange table, and at
 * the moment of its peak (opened by a share link at that time) the packet canvas draws a packet on every one of the
 * fat tree's 2,048 directed links (256 routes of 8 links each, disjoint under d-mod-k routing).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkV3 } from './explorerLinks';
import { packetDensity } from './bench/packetDensity';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const NUMBER = /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

test('the 256-node exchange opens by link, runs, and draws 2,048 packets in flight', async ({ emulator, page }) => {
  test.setTimeout(420_000);
  await emulator.open('#scenario=ompi-elan4-256-exchange');
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 200_000 });
  await expect(emulator.errorBanner).toHaveCount(0);

  await test.step('the exchange table holds µs per call and MB/s for both series', async () => {
    const table = page.getByTestId('table-exchange');
    await expect(table.locator('caption')).toContainText('(µs | MB/s = 10^6 B/s)');
    await expect(table.locator('caption')).not.toContainText('units for');
    await expect(table.locator('thead')).toContainText('time per MPI_Sendrecv (µs)');
    await expect(table.locator('thead')).toContainText('per node, each way (MB/s)');
    for (const label of ['Open MPI, RDMA write', 'Open MPI, RDMA read']) await expect(table.locator('tbody')).toContainText(label);
    const values = (await table.getByTestId('table-value').allInnerTexts()).map((v) => {
      expect(v).toMatch(NUMBER);
      return Number(v.replace(/,/g, ''));
    });
    expect(values).toHaveLength(6);
    const [us, node, all] = values;
    // 64 KiB each way in `us` µs: the per-node figure follows from the time, the aggregate is 256 nodes' worth.
    expect(Math.abs(node - 65536 / us) / node).toBeLessThan(0.01);
    expect(Math.abs(all - 256 * node) / all).toBeLessThan(0.01);
    // Both directions share each node's PCI-X bus (133 MHz × 8 B = 1,064 MB/s).
    expect(2 * node).toBeLessThan(1064);
  });

  await test.step('at the peak every directed link of the tree carries a packet', async () => {
    // The instant the bench plays (e2e/bench/packetDensity.ts, from the wasm build's trace), opened by a share link
    // whose view holds that time: the nodes run in lockstep, so every link's packet is in flight at once.
    const text = readFileSync(join(ROOT, 'scenarios/ompi-elan4-256-exchange.json'), 'utf8');
    const { peak, peak_ps } = await packetDensity(text);
    expect(peak).toBe(2048);
    await emulator.open(linkV3(JSON.parse(text), { node: null, time_ps: peak_ps, speed_us_per_s: 1, panels: ['sequence', 'timeline'] }));
    await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 200_000 });
    await expect.poll(() => emulator.simTimeUs()).toBeCloseTo(peak_ps / 1e6, 3);
    const canvas = page.getByTestId('packet-canvas');
    await expect.poll(async () => Number(await canvas.getAttribute('data-packets'))).toBe(2048);
    const { lit } = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) n += d[i] !== 0 ? 1 : 0;
      return { lit: n };
    });
    expect(lit).toBeGreaterThan(2048 * 4); // thousands of drawn squares, not an empty canvas
    await emulator.cluster.screenshot({ path: 'test-results/exchange-256-packets.png' });
  });
});
