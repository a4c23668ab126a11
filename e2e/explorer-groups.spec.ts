/**
 * Node groups (cluster.groups): stacks side by side on one fabric. The shipped mixed-stacks scenario draws its groups
 * apart; the editor adds groups to the default cluster, refuses a bad one in place with the core's rule, and runs.
 */
import { expect, test } from './fixtures';
import { decodeV2, linkV1, smallScenario } from './explorerLinks';

test('the 64-node mixed-stacks run outlines Portals and Tports hosts in their series colours, with a legend', async ({ emulator, page }) => {
  await emulator.open('#scenario=qsnet-64-mixed-stacks');
  await emulator.finishedFingerprint();
  const legend = page.getByTestId('group-legend');
  await expect(legend).toBeVisible();
  await expect(page.locator('[data-testid^="group-legend-"]')).toHaveCount(4);
  await expect(page.getByTestId('group-legend-0')).toHaveText('nodes 0–15: Portals PUT');
  await expect(page.getByTestId('group-legend-1')).toHaveText('nodes 16–31: Tports');
  const outline = async (node: number) =>
    page.getByTestId(`component-host${node}`).locator('rect').evaluate((r) => getComputedStyle(r).stroke);
  expect(await outline(0)).toBe(await outline(40));   // both Portals
  expect(await outline(16)).toBe(await outline(63));  // both Tports
  expect(await outline(0)).not.toBe(await outline(16));
  // Each series is labelled with the pair it was measured on while the others ran.
  await expect(page.getByText(/Portals PUT \(pair 0-32, all groups at once\)/).first()).toBeVisible();
  await page.locator('[data-panel="cluster"]').screenshot({ path: 'test-results/node-groups-64.png' });
});

test('the editor adds a Portals group and a Tports group to the 16-node cluster, refuses an overlap in place, and runs them at once', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  const before = await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  const section = page.getByTestId('node-groups');
  await expect(section).toContainText('None: every series runs on every node');
  await test.step('two groups: Portals PUT on 0-7 (the workload pair 0-5), Tports on 8-15 with pair 8-13', async () => {
    await page.getByTestId('edit-series-portals-get').uncheck();
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-nodes-0').fill('0-7');
    await page.getByTestId('group-series-0').selectOption('portals-put');
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-nodes-1').fill('8-15');
    await page.getByTestId('group-series-1').selectOption('tports-send');
    await page.getByTestId('group-pair-1').fill('8-13');
  });
  await test.step('an overlapping group is refused at that group with the rule', async () => {
    await page.getByTestId('group-nodes-1').fill('6-15');
    await expect(page.getByTestId('error-group-1')).toHaveText('nodes 6-15 overlap group 0 (nodes 0-7)');
    await expect(page.getByTestId('run-scenario')).toBeDisabled();
    await page.getByTestId('group-nodes-1').fill('8-x');
    await expect(page.getByTestId('error-group-1')).toContainText('first-last');
    await page.getByTestId('group-nodes-1').fill('8-15');
    await expect(page.getByTestId('error-group-1')).toHaveCount(0);
  });
  await test.step('run: both groups, drawn apart', async () => {
    await expect(page.getByTestId('run-scenario')).toBeEnabled();
    await page.getByTestId('run-scenario').click();
    await expect(emulator.fingerprint).not.toHaveText(before, { timeout: 60_000 });
    await emulator.finishedFingerprint();
    await expect(page.locator('[data-testid^="group-legend-"]')).toHaveCount(2);
    await expect(page.getByTestId('component-host9').locator('rect')).toHaveAttribute('data-group', '1');
    await expect(page.getByText(/Tports \(pair 8-13, all groups at once\)/).first()).toBeVisible();
    expect(decodeV2(page.url()).scenario.cluster.groups).toEqual([
      { nodes: [0, 7], series: 'portals-put' },
      { nodes: [8, 15], series: 'tports-send', pair: [8, 13] },
    ]);
    await emulator.editor.screenshot({ path: 'test-results/node-groups-editor.png' });
  });
});
