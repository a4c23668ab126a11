/**
 * Printing a run (a handout): the print style sheet keeps the title, the fingerprint, the views and the result tables
 * and drops the controls, the panel toggles, the first-visit line and the open editor and export panels.
 */
import { expect, test } from './fixtures';

test('printed, the page keeps the run and its tables and drops the controls', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await emulator.showPanel('export');
  await page.emulateMedia({ media: 'print' });
  for (const id of ['play-toggle', 'toggle-editor', 'scenario-menu', 'copy-link', 'first-visit', 'scenario-editor', 'export-scenario', 'node-picker', 'keyboard-help-open'])
    await expect(page.getByTestId(id), id).toBeHidden();
  for (const id of ['fingerprint', 'cluster-view', 'latency-chart', 'bandwidth-chart', 'node-inspector', 'result-tables', 'table-initiator-breakdown'])
    await expect(page.getByTestId(id), id).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('play-toggle')).toBeVisible();
});
