/** Scenario editor: every registry parameter, rules refused in place, Run re-runs and rewrites the link. */
import { expect, test } from './fixtures';
import { decodeV2, linkV1, smallScenario } from './explorerLinks';

test('the editor lists every registry parameter grouped by prefix, with unit, default and source', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  for (const prefix of ['pci', 'host', 'elan3', 'qsnet', 'portals', 'tports']) {
    await expect(page.getByTestId(`param-group-${prefix}`)).toBeVisible();
  }
  expect(await emulator.editor.locator('[data-testid^="param-row-"]').count()).toBeGreaterThanOrEqual(25);
  const clock = page.getByTestId('param-row-pci.clock_MHz');
  await expect(clock).toContainText('MHz');
  await expect(page.getByTestId('param-source-pci.clock_MHz')).toContainText('default 66');
  await expect(clock).toHaveAttribute('title', /Source: /);
});

test('invalid values are refused in place with the rule they break', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await emulator.parameter('pci.clock_MHz').fill('500');
  await expect(page.getByTestId('param-error-pci.clock_MHz')).toHaveText('must be between 33 and 133 MHz');
  await emulator.parameter('pci.width_bytes').fill('6.5');
  await expect(page.getByTestId('param-error-pci.width_bytes')).toHaveText('must be a whole number');
  await page.getByTestId('edit-nodes').fill('4');
  await expect(page.getByTestId('error-target')).toContainText('below the node count');
  await page.getByTestId('edit-nodes').fill('2000');
  await expect(page.getByTestId('error-nodes')).toContainText('1024');
  await expect(page.getByTestId('run-scenario')).toBeDisabled();
});

test('Run re-runs the edited scenario: new fingerprint, only changed parameters in the link', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  const before = await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await test.step('make the PCI bus twice as fast on a 4-node cluster', async () => {
    await emulator.parameter('pci.clock_MHz').fill('132');
    await page.getByTestId('edit-nodes').fill('4');
    await page.getByTestId('edit-target').fill('3');
    await page.getByTestId('edit-series-tports-send').uncheck();
    await expect(page.getByTestId('run-scenario')).toBeEnabled();
    await page.getByTestId('run-scenario').click();
  });
  await expect(emulator.fingerprint).not.toHaveText(before, { timeout: 45_000 });
  const after = await emulator.finishedFingerprint();
  expect(after).not.toBe(before);
  await expect(page.getByTestId('edited-badge')).toBeVisible();
  const { scenario } = decodeV2(page.url());
  expect(scenario.parameters).toEqual({ 'pci.clock_MHz': 132 });
  expect(scenario.cluster.nodes).toBe(4);
  expect(scenario.workload.series.map((s: { id: string }) => s.id)).not.toContain('tports-send');
  // The editor shows the scenario that ran.
  await expect(emulator.parameter('pci.clock_MHz')).toHaveValue('132');
  await expect(emulator.errorBanner).toHaveCount(0);
});

test('the fat-tree arity: 64 nodes of 8-way switches run as a two-level tree of 16 switches; 9 is refused in place', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  const before = await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await page.getByTestId('edit-nodes').fill('64');
  await page.getByTestId('edit-arity').fill('9');
  await expect(page.getByTestId('error-arity')).toBeVisible();
  await expect(page.getByTestId('run-scenario')).toBeDisabled();
  await page.getByTestId('edit-arity').fill('8');
  await page.getByTestId('edit-target').fill('63');
  await expect(page.getByTestId('run-scenario')).toBeEnabled();
  await page.getByTestId('run-scenario').click();
  await expect(emulator.fingerprint).not.toHaveText(before, { timeout: 60_000 });
  await emulator.finishedFingerprint();
  await expect(page.locator('[data-testid^="component-host"]')).toHaveCount(64);
  await expect(page.locator('[data-testid^="component-elite-"]')).toHaveCount(16);
  await expect(page.locator('[data-testid^="component-elite-L3"]')).toHaveCount(0);
  expect(decodeV2(page.url()).scenario.cluster.arity).toBe(8);
});

test('the editor shows the parameter groups the run reads; "show all" lists the rest, and a changed one stays', async ({ emulator, page }) => {
  await emulator.open('#scenario=fast-ethernet-16-half-shift');
  await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  for (const prefix of ['pci', 'host', 'eth', 'mvia', 'tcp']) await expect(page.getByTestId(`param-group-${prefix}`)).toBeVisible();
  await expect(page.getByTestId('param-group-elan3')).toHaveCount(0);
  await expect(page.getByTestId('parameter-scope')).toContainText(/more change nothing in it/);
  const showAll = page.getByTestId('show-all-parameters');
  await showAll.check();
  await expect(page.getByTestId('param-group-elan3')).toBeVisible();
  await emulator.parameter('elan3.thread_clock_MHz').fill('150');
  await showAll.uncheck();
  await expect(page.getByTestId('param-group-elan3')).toBeVisible();  // it holds a changed value
  await expect(page.getByTestId('param-group-elan4')).toHaveCount(0);
  await expect(page.getByTestId('editor-status')).toContainText('1 parameter(s) differ');
});
