/** Compare: run B beside run A, locked time cursors, overlaid charts, both fingerprints, carried by share links. */
import { expect, test } from './fixtures';
import { decodeLink, linkV1, linkV3, smallScenario } from './explorerLinks';

test('a changed PCI clock runs as B beside A; one cursor drives both; charts overlay B dashed; the link keeps it', async ({ emulator, page, context }) => {
  await emulator.open(linkV1(smallScenario()));
  const fpA = await emulator.finishedFingerprint();
  await emulator.showPanel('compare');
  const compare = page.getByTestId('compare-view');
  await test.step('run B = pci.clock_MHz 133', async () => {
    await compare.getByTestId('compare-kind').selectOption('parameter');
    await compare.getByTestId('compare-param').selectOption('pci.clock_MHz');
    await compare.getByTestId('compare-value').fill('133');
    await compare.getByTestId('compare-run').click();
  });
  await expect(compare.getByTestId('fingerprint-b')).toHaveText(/^[0-9a-f]{16}$/, { timeout: 45_000 });
  await expect(compare.getByTestId('fingerprint-a')).toHaveText(fpA);
  expect(await compare.getByTestId('fingerprint-b').textContent()).not.toBe(fpA);

  await test.step('locked cursors: a time with packets shows packets in both clusters', async () => {
    await page.getByTestId('message-jump').selectOption({ index: 1 });
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    const t = await emulator.simTimeUs();
    await expect(compare.getByTestId('cluster-view-a')).toBeVisible();
    await expect(compare.getByTestId('cluster-view-b')).toBeVisible();
    const packets = async (id: string) => Number(await page.getByTestId(id).getAttribute('data-packets'));
    await expect.poll(() => packets('packet-canvas-a')).toBe(await packets('packet-canvas'));
    expect(await emulator.simTimeUs()).toBe(t);
  });

  await test.step('charts overlay run B dashed with a legend naming it', async () => {
    await expect(emulator.latencyChart.locator('rect.chart-point-b')).toHaveCount(6); // 3 series × 2 sizes
    await expect(page.getByTestId('latency-chart-legend-b')).toContainText('pci.clock_MHz = 133');
    await expect(page.getByTestId('bandwidth-chart-legend-b')).toContainText('dashed');
  });

  await emulator.copyLink.click();
  await expect.poll(() => page.url()).toMatch(/#s=4\.[0-9a-f]{8}\./);
  expect(decodeLink(page.url()).compare).toEqual({ kind: 'parameter', name: 'pci.clock_MHz', value: 133 });
  const fpB = await compare.getByTestId('fingerprint-b').textContent();
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('fingerprint-b')).toHaveText(fpB!, { timeout: 45_000 });
  await expect(fresh.getByTestId('fingerprint-a')).toHaveText(fpA);
});

test('run B as another series selection (Tports only) and as a scenario from a share link', async ({ emulator, page }) => {
  await emulator.open(linkV3(smallScenario([0]), { node: 0, time_ps: 0, speed_us_per_s: 1, panels: ['compare'] }, { kind: 'series', series: ['tports-send'] }));
  const compare = page.getByTestId('compare-view');
  await expect(compare.getByTestId('fingerprint-b')).toHaveText(/^[0-9a-f]{16}$/, { timeout: 45_000 });
  await expect(page.getByTestId('latency-chart-legend-b')).toContainText('series: Tports');
  await expect(emulator.latencyChart.locator('rect.chart-point-b')).toHaveCount(1);

  const other = smallScenario([0]);
  other.id = 'eight-nodes';
  other.cluster.nodes = 8;
  other.workload.target = 4;
  await compare.getByTestId('compare-kind').selectOption('scenario');
  await compare.getByTestId('compare-link').fill(`http://example/${linkV1(other)}`);
  await compare.getByTestId('compare-run').click();
  await expect(page.getByTestId('latency-chart-legend-b')).toContainText('scenario', { timeout: 45_000 });
  await expect(compare.getByTestId('fingerprint-b')).toHaveText(/^[0-9a-f]{16}$/, { timeout: 45_000 });
  await expect(compare.getByTestId('component-host7-b')).toBeVisible();
  await expect(compare.getByTestId('component-host7-a')).toHaveCount(1);
  // Run B draws its own 8-node cluster, not run A's 16 nodes.
  await expect(compare.getByTestId('component-host15-a')).toHaveCount(1);
  await expect(compare.getByTestId('component-host15-b')).toHaveCount(0);
  await expect(compare.locator('[data-testid^="component-host"][data-testid$="-b"]')).toHaveCount(8);
});

/** Pixel hash and the centre (CSS px, relative to the canvas) of the first lit pixel of a packet canvas. */
async function canvasState(page: import('@playwright/test').Page, testId: string): Promise<{ hash: number; lit: { x: number; y: number } | null }> {
  return page.getByTestId(testId).evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const ratio = c.width / c.getBoundingClientRect().width;
    let h = 2166136261;
    let lit: { x: number; y: number } | null = null;
    for (let i = 0; i < d.length; i += 4) {
      h = Math.imul(h ^ d[i] ^ (d[i + 1] << 8) ^ (d[i + 2] << 16) ^ (d[i + 3] << 24), 16777619);
      if (!lit && d[i + 3] > 200) {
        const p = i / 4;
        // The dot's centre is a radius or so below and right of its first (top-left-most) opaque pixel.
        lit = { x: (p % c.width) / ratio + 1.5, y: Math.floor(p / c.width) / ratio + 2.5 };
      }
    }
    return { hash: h >>> 0, lit };
  });
}

/** Components drawn busy in one cluster view, by name without the view's test-id suffix. */
async function busyNames(view: import('@playwright/test').Locator, suffix: string): Promise<string[]> {
  const ids = await view.locator('[data-busy="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(new RegExp(`${suffix}$`), '')).sort();
}

test('run B draws its own cluster state and packets; a run B packet opens its layers from run B', async ({ emulator, page }) => {
  await emulator.open(linkV3(smallScenario([0, 4096]), { node: 0, time_ps: 0, speed_us_per_s: 1, panels: ['compare'] }, { kind: 'parameter', name: 'pci.clock_MHz', value: 133 }));
  await emulator.finishedFingerprint();
  const compare = page.getByTestId('compare-view');
  await expect(compare.getByTestId('fingerprint-b')).toHaveText(/^[0-9a-f]{16}$/, { timeout: 45_000 });

  await test.step('where the runs differ (PCI 66 vs 133 MHz), the two clusters differ', async () => {
    await page.getByTestId('message-jump').selectOption({ index: 1 });
    let packetsDiffer = false;
    let busyDiffers = false;
    for (let i = 0; i < 40 && !(packetsDiffer && busyDiffers); i++) {
      await page.keyboard.press('Shift+ArrowRight');
      await page.waitForTimeout(50);
      const [a, b] = [await canvasState(page, 'packet-canvas-a'), await canvasState(page, 'packet-canvas-b')];
      packetsDiffer ||= b.lit !== null && a.hash !== b.hash;
      const [busyA, busyB] = [await busyNames(compare.getByTestId('cluster-view-a'), '-a'), await busyNames(compare.getByTestId('cluster-view-b'), '-b')];
      busyDiffers ||= busyA.join() !== busyB.join();
    }
    expect(packetsDiffer, 'a time where run B draws packets unlike run A').toBe(true);
    expect(busyDiffers, 'a time where run B shows other parts busy than run A').toBe(true);
    for (let i = 0; i < 40 && (await canvasState(page, 'packet-canvas-b')).lit === null; i++) await page.keyboard.press('Shift+ArrowRight');
  });

  await test.step('clicking a run B packet opens its layers, answered by run B\'s core session', async () => {
    const { lit } = await canvasState(page, 'packet-canvas-b');
    await compare.getByTestId('cluster-view-b').click({ position: lit! });
    const layers = page.getByTestId('packet-layers');
    await expect(layers).toBeVisible();
    await expect(layers).toHaveAttribute('data-run', 'b');
    await expect(layers.locator('h2')).toContainText('Run B · message');
    await expect(layers.getByTestId('layers-source')).toContainText('Headers from the core');
    await expect(layers.getByTestId('layer-core').first()).toBeVisible();
    await expect(layers.getByTestId('layer-wire')).toBeVisible();
  });

  await test.step('a run A packet still opens run A\'s layers', async () => {
    await page.getByTestId('packet-layers-close').click();
    let lit: { x: number; y: number } | null = null;
    for (let i = 0; i < 300 && !lit; i++) {
      await page.evaluate(() => new Promise(requestAnimationFrame));
      lit = (await canvasState(page, 'packet-canvas-a')).lit;
      if (!lit) await page.keyboard.press('ArrowRight');  // the next trace record
    }
    // The canvas fills its stage (inset 0); a click on the stage at the dot scrolls it into view first.
    await compare.getByTestId('cluster-view-a').click({ position: lit! });
    await expect(page.getByTestId('packet-layers')).toHaveAttribute('data-run', 'a');
  });
});

test('run A\'s value is its testbed\'s: 133 MHz PCI-X on QsNetII, so run B starts at the other end of the range', async ({ emulator, page }) => {
  await emulator.open('#scenario=ompi-elan4-progress');
  await page.getByTestId('toggle-compare').click();
  const form = page.getByRole('form', { name: 'What run B changes' });
  await expect(form).toContainText('MHz (A: 133; range 33–133)');
  await expect(page.getByTestId('compare-value')).toHaveValue('33');
  // On the default QsNet cluster A is seed 002's 66 MHz PCI and B starts at 133.
  await page.getByTestId('scenario-menu').selectOption('portals-qsnet-pingpong');
  await expect(form).toContainText('MHz (A: 66; range 33–133)');
  await expect(page.getByTestId('compare-value')).toHaveValue('133');
});
