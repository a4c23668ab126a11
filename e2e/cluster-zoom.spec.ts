/**
 * Zoom of the cluster view (issue 12 item 7; hooks/useClusterZoom.ts): the buttons widen and restore the default
 * cluster; on QsNetII's full 4,096 nodes (the shipped 256-node exchange scaled up, one series) the mouse wheel over
 * the host row widens it until hosts are boxes that can be told apart, labelled with their node, and clicking one
 * selects that node in the inspector; a drag pans.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkV4 } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const translateX = (t: string | null) => Number(t?.match(/translate\(([-\d.e]+),/)?.[1] ?? NaN);

test('the zoom buttons widen the cluster and fit restores it', async ({ emulator, page }) => {
  await emulator.open();
  const layer = page.getByTestId('zoom-layer');
  await expect(layer).toHaveAttribute('transform', 'translate(0,0) scale(1,1)');
  await expect(page.getByTestId('zoom-out')).toBeDisabled();
  // Zoomed while the run may still be computing: the run's end and a resized window keep the zoom.
  await page.getByTestId('zoom-in').click();
  await expect(page.getByTestId('zoom-scale')).toHaveText('×2.0');
  await expect(layer).toHaveAttribute('transform', /scale\(2,1\)/);
  await emulator.finishedFingerprint();
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width - 120, height: size.height });
  await expect(page.getByTestId('zoom-scale')).toHaveText('×2.0');
  await expect(layer).toHaveAttribute('transform', /scale\(2,1\)/);
  await page.setViewportSize(size);
  await page.getByTestId('zoom-reset').click();
  await expect(layer).toHaveAttribute('transform', 'translate(0,0) scale(1,1)');
  // Selecting a node still works after zooming (a click is not a pan).
  await page.getByTestId('zoom-in').click();
  await page.getByTestId('component-host8').click();
  await expect(page.getByTestId('inspector-node')).toHaveText(/^8\b/);
});

test('4,096 QsNetII nodes: the wheel widens the host row until a host can be read and selected', async ({ emulator, page }) => {
  test.setTimeout(240_000);
  const s = JSON.parse(readFileSync(join(ROOT, 'scenarios/ompi-elan4-256-exchange.json'), 'utf8'));
  s.id = 'ompi-elan4-4096-exchange';
  s.title = 'MPI_Sendrecv on 4,096 Elan4 nodes';
  s.cluster.nodes = 4096;
  s.workload.series = s.workload.series.slice(0, 1);
  await emulator.open(linkV4(s));
  await expect(page.locator('[data-testid^="component-host"]')).toHaveCount(4096, { timeout: 120_000 });
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 180_000 });
  // In the whole view 4,096 hosts share about 600 px: far too narrow to label.
  const host = (await page.getByTestId('component-host100').boundingBox())!;
  await page.mouse.move(host.x + host.width / 2, host.y + host.height / 2);
  for (let i = 0; i < 24; i++) await page.mouse.wheel(0, -240);
  await expect(page.getByTestId('zoom-scale')).toHaveText('×256');
  // Hosts near the pointer are now labelled boxes inside the view; click one.
  const inside = await page.evaluate(() => {
    const stage = document.querySelector('[data-testid="cluster-view"]')!.getBoundingClientRect();
    for (const el of document.querySelectorAll('[data-testid^="component-host"]')) {
      const b = el.getBoundingClientRect();
      if (b.left > stage.left + 20 && b.right < stage.right - 20 && b.top > stage.top && b.bottom < stage.bottom)
        return { id: el.getAttribute('data-testid')!, width: b.width, label: el.querySelector('text')?.textContent ?? '' };
    }
    return null;
  });
  expect(inside).not.toBeNull();
  const node = inside!.id.replace('component-host', '');
  expect(inside!.width).toBeGreaterThan(20);
  expect(inside!.label).toBe(node);
  expect(Math.abs(Number(node) - 100)).toBeLessThan(40);
  await page.getByTestId(inside!.id).click();
  await expect(page.getByTestId('inspector-node')).toHaveText(new RegExp(`^${node}\\b`));
  // A drag pans the row.
  const layer = page.getByTestId('zoom-layer');
  const before = translateX(await layer.getAttribute('transform'));
  const stage = (await page.getByTestId('cluster-view').boundingBox())!;
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width / 2 - 150, stage.y + stage.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => translateX(await layer.getAttribute('transform'))).toBeCloseTo(before - 150, 0);
});
