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
  await expect.poll(() => page.url()).toContain('#s=3.');
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
});
