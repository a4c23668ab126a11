/**
 * The header's scenario menu: a newcomer opens any shipped scenario without knowing its link. The menu lists all of
 * them grouped by system; choosing one runs it (its native fingerprint, scenarios/fingerprints.json), the address
 * becomes its short link `#scenario=<id>`, Back returns to the one before, and choosing the open scenario again
 * after editing it reloads the shipped file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8')) as Record<string, string>;
const shipped = (id: string) => JSON.parse(readFileSync(join(ROOT, `scenarios/${id}.json`), 'utf8')) as { title: string };

test('the scenario menu opens a shipped scenario by its short link; Back returns to the default', async ({ emulator, page }) => {
  await emulator.open();
  const menu = page.getByTestId('scenario-menu');
  await expect(menu.locator('optgroup')).toHaveCount(4);
  await expect(menu.locator('option[value="pvfs2-btio"]')).toHaveText(shipped('pvfs2-btio').title);
  await expect(menu.locator('optgroup[label^="A software VIA over SCI"] option')).toHaveCount(4);
  const first = await emulator.finishedFingerprint();

  await menu.selectOption('ib-verbs-pingpong');
  await expect(page).toHaveURL(/#scenario=ib-verbs-pingpong$/);
  await expect(page.getByTestId('scenario-title')).toContainText(shipped('ib-verbs-pingpong').title);
  await expect(page.getByTestId('scenario-title')).not.toContainText('from share link');
  await expect(menu).toHaveValue('');  // the menu reads "Open a shipped scenario…" again
  expect(await emulator.finishedFingerprint()).toBe(golden['ib-verbs-pingpong']);

  await page.goBack();
  await expect(page.getByTestId('scenario-title')).toContainText(shipped('portals-qsnet-pingpong').title);
  await expect(emulator.fingerprint).toHaveText(new RegExp(first));
});

test('choosing the open scenario after editing it reloads the shipped file', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong');
  await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await emulator.parameter('pci.clock_MHz').fill('66');
  await expect(page.getByTestId('run-scenario')).toBeEnabled();
  await page.getByTestId('run-scenario').click();
  await expect(page.getByTestId('edited-badge')).toBeVisible();

  await page.getByTestId('scenario-menu').selectOption('via-sci-pingpong');
  await expect(page.getByTestId('edited-badge')).toHaveCount(0);
  await expect(page.getByTestId('scenario-title')).toContainText(shipped('via-sci-pingpong').title);
  expect(await emulator.finishedFingerprint()).toBe(golden['via-sci-pingpong']);
});
