/**
 * The paper check (components/PaperCheck.tsx): the header's "Paper check" opens every published figure of the four
 * seeds against the model, as `npm run fidelity` records them (scenarios/fidelity/report.json), calibrated or
 * predicted, with known misses and their reasons; a row opens the scenario that produces it. A run's own figures are
 * read from its result under the result tables.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const report = JSON.parse(readFileSync(new URL('../scenarios/fidelity/report.json', import.meta.url), 'utf8')) as {
  figures: { id: string; seed: string; pass: boolean; kind: string; scenario: string; model: number | string }[];
};

test('Paper check lists every published figure and opens the scenario of a row', async ({ emulator, page }) => {
  await emulator.open('');
  await emulator.finishedFingerprint();
  await page.getByTestId('paper-check-open').click();
  const dialog = page.getByTestId('paper-check');
  await expect(dialog).toBeVisible();
  const passed = report.figures.filter((f) => f.pass).length;
  await expect(page.getByTestId('paper-check-summary')).toContainText(`${passed} of ${report.figures.length} published figures`);
  await expect(dialog.locator('tbody tr')).toHaveCount(report.figures.length);
  // BT-IO's LIO I/O time is calibrated; SG-LIO's is a prediction within tolerance.
  const lio = page.getByTestId('figure-s000-btio-io-elan4-lio');
  await expect(lio.locator('.badge.kind-calibrated')).toBeVisible();
  await expect(page.getByTestId('figure-s000-btio-io-elan4-sg-lio').getByTestId('figure-check')).toHaveText('pass');
  // A known miss shows its reason on demand.
  const miss = page.getByTestId('figure-s001-progress-4b-two-threads');
  await miss.locator('summary').click();
  await expect(miss.locator('.miss-reason')).toContainText('eagerly by QDMA');
  // One seed at a time.
  await page.getByTestId('paper-check-seed').selectOption('003');
  await expect(dialog.locator('tbody tr')).toHaveCount(report.figures.filter((f) => f.seed === '003').length);
  // A row opens its scenario: the dialog closes and the address names it.
  await page.getByTestId('figure-s003-ssvia-latency').getByTestId('figure-open').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#scenario=via-sci-pingpong$/);
  await expect(page.getByTestId('scenario-title')).toContainText('SCI');
});

test("a run's published figures are read from its own result, as the report records them", async ({ emulator, page }) => {
  await emulator.open('');
  await emulator.finishedFingerprint();
  const table = page.getByTestId('run-figures-table');
  const mine = report.figures.filter((f) => f.scenario === 'portals-qsnet-pingpong');
  await expect(table.locator('tbody tr')).toHaveCount(mine.length);
  const total = mine.find((f) => f.id === 's002-t1-portals-total')!;
  await expect(page.getByTestId('figure-s002-t1-portals-total').getByTestId('figure-model')).toHaveText(String(total.model));
  await expect(page.getByTestId('figure-s002-t1-portals-total').locator('.badge.kind-predicted')).toBeVisible();
});
