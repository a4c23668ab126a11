/** Share links (format 3) carry the view; format-1 and format-2 links keep loading; oversize links are refused. */
import { expect, test } from './fixtures';
import { decodeLink, linkV1, linkV2, smallScenario } from './explorerLinks';

test('a copied link restores node, time, speed and open panels, with the same fingerprint', async ({ emulator, page, context }) => {
  await emulator.open(linkV1(smallScenario()));
  const fp = await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await page.getByTestId('message-jump').selectOption({ index: 2 });
  await emulator.speed.selectOption({ label: '10 µs/s' });
  const t = await emulator.simTimeUs();
  await emulator.copyLink.click();
  await expect.poll(() => page.url()).toMatch(/#s=4\.[0-9a-f]{8}\./);
  const { view } = decodeLink(page.url());
  expect(view).toEqual(expect.objectContaining({ speed_us_per_s: 10, node: 0 }));
  expect(view.panels).toContain('editor');

  const fresh = await context.newPage();
  const other = new (emulator.constructor as typeof import('./fixtures').EmulatorPage)(fresh);
  await fresh.goto(page.url());
  expect(await other.finishedFingerprint()).toBe(fp);
  expect(await other.simTimeUs()).toBeCloseTo(t, 3);
  await expect(other.speed).toHaveValue('10');
  await expect(other.editor).toBeVisible();
  await expect(fresh.getByTestId('inspector-node')).toContainText('0');
});

test('a v2 link opens the selected node and panels it names', async ({ emulator, page }) => {
  await emulator.open(linkV2(smallScenario(), { node: 5, time_ps: 20_000_000, speed_us_per_s: 100, panels: ['timeline', 'export'] }));
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('inspector-node')).toContainText('5');
  expect(await emulator.simTimeUs()).toBeCloseTo(20, 3);
  await expect(emulator.timeline).toBeVisible();
  await expect(emulator.sequenceChart).toHaveCount(0);
  await expect(emulator.exportTrace).toBeVisible();
});

test('an oversize v2 link is refused with a message and the default scenario runs', async ({ emulator }) => {
  await emulator.open(`#s=2.${'A'.repeat(70_000)}`);
  await expect(emulator.errorBanner).toContainText(/too large/);
  expect(await emulator.finishedFingerprint()).toMatch(/^[0-9a-f]{16}$/);
});
