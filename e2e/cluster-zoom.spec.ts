/**
 * Zoom of the cluster view (issue 12 item 7; hooks/useClusterZoom.ts): the buttons widen and restore the default
 * cluster; on QsNetII's full 4,096 nodes (the shipped 256-node exchange scaled up, one series) the mouse wheel over
 * the host row widens it until hosts are boxes that can be told apart, labelled with their node, and clicking one
 * selects that node in the inspector; a drag pans. Its 18,432 components are drawn on a canvas
 * (trace/componentPainter.ts): the canvas lists the labels it drew (`data-labels`), hovering names a box.
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

test('4,096 QsNetII nodes on a canvas: the wheel widens the host row until a host can be read and selected', async ({ emulator, page }) => {
  test.setTimeout(240_000);
  const s = JSON.parse(readFileSync(join(ROOT, 'scenarios/ompi-elan4-256-exchange.json'), 'utf8'));
  s.id = 'ompi-elan4-4096-exchange';
  s.title = 'MPI_Sendrecv on 4,096 Elan4 nodes';
  s.cluster.nodes = 4096;
  s.workload.series = s.workload.series.slice(0, 1);
  await emulator.open(linkV4(s));
  // 18,432 components: drawn on a canvas, not one SVG element each.
  const canvas = page.getByTestId('component-canvas');
  await expect(canvas).toHaveAttribute('data-hosts', '4096', { timeout: 120_000 });
  await expect(page.locator('[data-testid^="component-host"]')).toHaveCount(0);
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 180_000 });
  const stage = (await page.getByTestId('cluster-view').boundingBox())!;
  const cx = stage.x + stage.width / 2;
  await page.mouse.move(cx, stage.y + stage.height / 2);
  for (let i = 0; i < 24; i++) await page.mouse.wheel(0, -240);
  await expect(page.getByTestId('zoom-scale')).toHaveText('×256');
  // Hosts near the pointer are now labelled boxes inside the view: the one under the pointer's x.
  type Label = { name: string; text: string; x: number; y: number; w: number; h: number };
  await expect.poll(async () => (JSON.parse((await canvas.getAttribute('data-labels')) ?? '[]') as Label[]).filter((l) => l.name.startsWith('host')).length).toBeGreaterThan(3);
  const labels = (JSON.parse((await canvas.getAttribute('data-labels'))!) as Label[]).filter((l) => l.name.startsWith('host'));
  const under = labels.reduce((a, b) => (Math.abs(b.x + b.w / 2 - stage.width / 2) < Math.abs(a.x + a.w / 2 - stage.width / 2) ? b : a));
  const node = under.name.replace('host', '');
  expect(under.w).toBeGreaterThan(20);
  expect(under.text).toBe(node);
  expect(under.x).toBeGreaterThan(20);
  expect(under.x + under.w).toBeLessThan(stage.width - 20);
  const hostX = stage.x + under.x + under.w / 2;
  const hostY = stage.y + under.y + under.h / 2;
  // Hovering names it (the SVG's tooltip), a click selects its node.
  await page.mouse.move(hostX, hostY);
  await expect(page.getByTestId('cluster-view')).toHaveAttribute('title', new RegExp(`^${under.name} \\(host CPU`));
  await page.mouse.click(hostX, hostY);
  await expect(page.getByTestId('inspector-node')).toHaveText(new RegExp(`^${node}\\b`));
  // A drag pans the row.
  const layer = page.getByTestId('zoom-layer');
  const before = translateX(await layer.getAttribute('transform'));
  await page.mouse.move(cx, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(cx - 150, stage.y + stage.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => translateX(await layer.getAttribute('transform'))).toBeCloseTo(before - 150, 0);
  // The whole view again: the host under the pointer's x is the one the zoom widened (it zoomed about the pointer).
  await page.getByTestId('zoom-reset').click();
  await expect(page.getByTestId('zoom-scale')).toHaveText('×1.0');
  await page.mouse.move(cx, hostY);
  await expect.poll(async () => Number(/^host(\d+)/.exec((await page.getByTestId('cluster-view').getAttribute('title')) ?? '')?.[1] ?? NaN)).toBeGreaterThan(Number(node) - 40);
  const whole = Number(/^host(\d+)/.exec((await page.getByTestId('cluster-view').getAttribute('title'))!)![1]);
  expect(Math.abs(whole - Number(node))).toBeLessThan(40);
});
