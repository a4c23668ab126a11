/** Fat-tree levels chosen apart from the node count (cluster.levels): set in the editor, drawn level by level. */
import { expect, test } from './fixtures';
import { decodeV2, linkV1, smallScenario } from './explorerLinks';

test('16 nodes on 4 levels: the editor shows the allowed range, refuses 1 and 7 in place, and the run draws every level', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  const before = await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  const levels = page.getByTestId('edit-levels');
  await test.step('the range follows the arity and the node count', async () => {
    await expect(page.getByTestId('range-levels')).toHaveText('allowed 2 to 6');
    await expect(levels).toHaveAttribute('placeholder', '2 (fewest)');
    await page.getByTestId('edit-arity').fill('8');
    await expect(page.getByTestId('range-levels')).toHaveText('allowed 2 to 4');
    await page.getByTestId('edit-arity').fill('4');
  });
  await test.step('too few and too many levels are refused with the rule', async () => {
    await levels.fill('1');
    await expect(page.getByTestId('error-levels')).toHaveText('1 level of 4-way switches hold at most 4 nodes, not 16');
    await expect(page.getByTestId('run-scenario')).toBeDisabled();
    await levels.fill('7');
    await expect(page.getByTestId('error-levels')).toHaveText('7 levels of 4-way switches make 16384 host ports; at most 4096 (6 levels)');
    await expect(page.getByTestId('run-scenario')).toBeDisabled();
  });
  await test.step('4 levels run and every switch level is drawn', async () => {
    await levels.fill('4');
    await expect(page.getByTestId('error-levels')).toHaveCount(0);
    await expect(page.getByTestId('run-scenario')).toBeEnabled();
    await page.getByTestId('run-scenario').click();
    await expect(emulator.fingerprint).not.toHaveText(before, { timeout: 60_000 });
    await emulator.finishedFingerprint();
    await expect(page.locator('[data-testid^="component-elite-L1-"]')).toHaveCount(4);
    await expect(page.locator('[data-testid^="component-elite-L2-"]')).toHaveCount(4);
    await expect(page.locator('[data-testid^="component-elite-L3-"]')).toHaveCount(16);
    await expect(page.locator('[data-testid^="component-elite-L4-"]')).toHaveCount(64);
    await expect(page.locator('[data-panel="cluster"]')).toContainText('4 switch levels (2 hold the nodes; the top 2 idle)');
    expect(decodeV2(page.url()).scenario.cluster.levels).toBe(4);
    // Level 4 is drawn above level 3, level 3 above level 2 (SVG y grows downwards).
    const y = async (name: string) => (await page.getByTestId(name).boundingBox())!.y;
    expect(await y('component-elite-L4-0.0')).toBeLessThan(await y('component-elite-L3-0.0'));
    expect(await y('component-elite-L3-0.0')).toBeLessThan(await y('component-elite-L2-0.0'));
    await page.locator('[data-panel="cluster"]').screenshot({ path: 'test-results/fat-tree-levels.png' });
  });
  await test.step('emptying the field goes back to the fewest levels', async () => {
    await levels.fill('');
    await expect(page.getByTestId('error-levels')).toHaveCount(0);
    await page.getByTestId('run-scenario').click();
    await expect(page.locator('[data-testid^="component-elite-L3-"]')).toHaveCount(0, { timeout: 60_000 });
    expect(decodeV2(page.url()).scenario.cluster.levels).toBeUndefined();
  });
});
