/**
 * Issue 5's "done when", end to end: build a 64-node cluster in the editor, run it, scrub back to a message, open its
 * layers, compare it with a changed parameter, and send the whole view as a link that reopens identically
 * (scenario, fingerprints of both runs, time, selected node, open panels). A screenshot per step, in
 * test-results/explorer-64-node-flow/.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, EmulatorPage } from './fixtures';
import { decodeLink, linkV1, smallScenario } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHOTS = join(ROOT, 'test-results', 'explorer-64-node-flow');

test('build 64 nodes, run, scrub back to a message, open its layers, compare, share, reopen identically', async ({ emulator, page, context }) => {
  test.setTimeout(240_000);
  await emulator.open(linkV1(smallScenario([0, 4096])));
  const first = await emulator.finishedFingerprint();

  await test.step('build: 64 nodes, target node 40 (another top-level subtree), run', async () => {
    await emulator.showPanel('editor');
    await page.getByTestId('edit-nodes').fill('64');
    await page.getByTestId('edit-target').fill('40');
    await expect(page.getByTestId('run-scenario')).toBeEnabled();
    await page.getByTestId('run-scenario').click();
    await expect(emulator.fingerprint).not.toHaveText(first, { timeout: 60_000 });
    await emulator.finishedFingerprint();
    await expect(page.locator('[data-testid^="component-host"]')).toHaveCount(64);
    await page.screenshot({ path: join(SHOTS, '1-built-64-nodes.png'), fullPage: true });
  });

  await test.step('scrub back to a message: jump to the end, then to a message, step back', async () => {
    await page.keyboard.press('End');
    const end = await emulator.simTimeUs();
    await page.getByTestId('message-jump').selectOption({ index: 3 });
    const at = await emulator.simTimeUs();
    expect(at).toBeLessThan(end);
    await emulator.stepBack.click();
    expect(await emulator.simTimeUs()).toBeLessThan(at);
    await page.getByTestId('message-jump').selectOption({ index: 3 });
    await emulator.showPanel('sequence');
    await page.screenshot({ path: join(SHOTS, '2-scrubbed-back-to-a-message.png') });
  });

  await test.step('open the message layers from the sequence chart', async () => {
    const arrow = emulator.sequenceChart.getByTestId('seq-message').first();
    await expect(arrow).toBeVisible();
    const message = await arrow.getAttribute('data-message');
    await arrow.locator('line').first().dispatchEvent('click');
    const layers = page.getByTestId('packet-layers');
    await expect(layers).toHaveAttribute('aria-label', `Headers of message ${message}, layer by layer`);
    await expect(layers.getByTestId('layer-wire')).toContainText(/elite-L\d/);
    await layers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, '3-message-layers.png') });
  });

  let fpA = '';
  let fpB = '';
  const compare = page.getByTestId('compare-view');
  await test.step('compare with a PCI bus twice as fast', async () => {
    fpA = await emulator.finishedFingerprint();
    await emulator.showPanel('compare');
    await compare.getByTestId('compare-kind').selectOption('parameter');
    await compare.getByTestId('compare-param').selectOption('pci.clock_MHz');
    await compare.getByTestId('compare-value').fill('132');
    await compare.getByTestId('compare-run').click();
    await expect(compare.getByTestId('fingerprint-b')).toHaveText(/^[0-9a-f]{16}$/, { timeout: 90_000 });
    fpB = (await compare.getByTestId('fingerprint-b').textContent())!;
    expect(fpB).not.toBe(fpA);
    await expect(page.getByTestId('latency-chart-legend-b')).toContainText('pci.clock_MHz = 132');
    await compare.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, '4-compare.png') });
  });

  await test.step('share the whole view; the link reopens identically', async () => {
    await page.getByTestId('component-host40').click();
    const t = await emulator.simTimeUs();
    await emulator.copyLink.click();
    await expect.poll(() => page.url()).toMatch(/#s=4\.[0-9a-f]{8}\./);
    const link = decodeLink(page.url());
    expect(link.scenario.cluster.nodes).toBe(64);
    expect(link.view.node).toBe(40);
    expect(link.compare).toEqual({ kind: 'parameter', name: 'pci.clock_MHz', value: 132 });

    const fresh = await context.newPage();
    await fresh.setViewportSize({ width: 1280, height: 800 });
    const other = new EmulatorPage(fresh);
    await fresh.goto(page.url());
    expect(await other.finishedFingerprint()).toBe(fpA);
    await expect(fresh.getByTestId('fingerprint-b')).toHaveText(fpB, { timeout: 90_000 });
    expect(await other.simTimeUs()).toBeCloseTo(t, 3);
    await expect(fresh.getByTestId('inspector-node')).toContainText('40');
    await expect(other.sequenceChart).toBeVisible();
    await expect(fresh.getByTestId('compare-view')).toBeVisible();
    await expect(fresh.locator('[data-testid^="component-host"]').first()).toBeVisible();
    await fresh.screenshot({ path: join(SHOTS, '5-reopened-from-the-link.png'), fullPage: true });
  });
});
