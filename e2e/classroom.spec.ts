/**
 * Classroom (issue 40): the Export panel's embed snippet renders the chosen panels in a sandboxed iframe and plays
 * (autoplay); bad teacher parameters are ignored with a warning naming them, never a blank frame; the projector
 * profile from its toggle and from `colorProfile=projector`, carried by the share link, with no accessibility
 * violation.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('the embed snippet renders the chosen panels in a sandboxed iframe and plays', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await emulator.showPanel('export');
  const snippetBox = page.getByTestId('embed-snippet');
  await snippetBox.getByTestId('embed-panel-sequence').check();
  await expect(snippetBox.getByTestId('embed-autoplay')).toBeChecked();
  const code = await snippetBox.getByTestId('embed-code').inputValue();
  expect(code).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#s=.*&amp;embed=1&amp;panels=cluster,latency,sequence&amp;autoplay=1/);
  expect(code).toContain('sandbox="allow-scripts allow-same-origin');
  expect(code).not.toContain('allow-top-navigation');

  await page.setContent(`<!doctype html><html><body><h1>Course page</h1>${code}</body></html>`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('embed-view')).toHaveAttribute('data-panels', 'cluster,latency,sequence', { timeout: 30_000 });
  await expect(frame.locator('[data-panel="cluster"]')).toBeVisible();
  await expect(frame.locator('[data-panel="latency"]')).toBeVisible();
  await expect(frame.getByTestId('sequence-chart')).toBeVisible();
  await expect(frame.locator('[data-panel="bandwidth"]')).toHaveCount(0);
  await expect(frame.getByTestId('scenario-menu')).toHaveCount(0);
  // Autoplay: the time cursor moves by itself.
  const time = frame.getByTestId('sim-time');
  const first = await time.textContent();
  await expect.poll(async () => (await time.textContent()) !== first, { timeout: 20_000 }).toBe(true);
  await page.screenshot({ path: test.info().outputPath('embed.png') });
});

test('bad teacher parameters are ignored with a warning naming them; the embedded view still shows', async ({ emulator, page }) => {
  await emulator.page.goto('/#scenario=portals-qsnet-pingpong&embed=1&panels=cluster,bogus&speed=fast&colorProfile=neon');
  await expect(page.getByTestId('embed-view')).toHaveAttribute('data-panels', 'cluster');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('Ignored in the address');
  await expect(banner).toContainText('panels=bogus');
  await expect(banner).toContainText('speed=fast');
  await expect(banner).toContainText('colorProfile=neon');
  await expect(page.locator('[data-panel="cluster"]')).toBeVisible();
});

test('the projector profile: its toggle, colorProfile=projector in the link, and no accessibility violation', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  const app = page.locator('.app');
  await expect(app).toHaveAttribute('data-color-profile', 'default');
  await page.getByTestId('projector-toggle').click();
  await expect(app).toHaveAttribute('data-color-profile', 'projector');
  await expect(page.getByTestId('projector-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('copy-link').click();
  expect(page.url()).toContain('&colorProfile=projector');
  await page.goto('about:blank');
  await page.goto('/#scenario=portals-qsnet-pingpong&colorProfile=projector');
  await expect(page.locator('.app')).toHaveAttribute('data-color-profile', 'projector');
  await expect(page.getByTestId('fingerprint')).toHaveText(/[0-9a-f]{16}/, { timeout: 45_000 });
  await page.screenshot({ path: test.info().outputPath('projector.png') });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
});

test('the live region describes the cursor during Play at a listener\'s pace; the state table opens from the keyboard', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  const live = page.getByTestId('live-description');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).toHaveText(/^0\.0 µs: /);
  await page.getByTestId('play-toggle').click();
  const heard = new Set<string>();
  const t0 = Date.now();
  while (Date.now() - t0 < 7000) {
    heard.add((await live.textContent()) ?? '');
    await page.waitForTimeout(200);
  }
  const sentences = [...heard].filter((s) => s !== '');
  // About one sentence per 2.5 s: 2 to 4 in 7 s, each "<t> µs: <what happened>".
  expect(sentences.length, sentences.join(' | ')).toBeGreaterThanOrEqual(2);
  expect(sentences.length, sentences.join(' | ')).toBeLessThanOrEqual(5);
  for (const s of sentences) expect(s).toMatch(/^\d+\.\d µs: .+\.$/);
  expect(sentences.some((s) => /NIC|host|PCI|packet/.test(s))).toBe(true);
  await page.getByTestId('play-toggle').click();

  await page.getByTestId('state-table-toggle').focus();
  await page.keyboard.press('Enter');
  const table = page.getByTestId('state-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(16);
  await expect(table.locator('tbody tr').first().locator('th')).toHaveText('0');
  await page.screenshot({ path: test.info().outputPath('live.png') });
});

test('teacher notes: folded on the page, opened with one click, always on the print sheet', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  const notes = page.getByTestId('teacher-notes');
  await expect(notes).toBeVisible();
  await expect(notes.getByTestId('teacher-goals')).toBeHidden();
  await notes.getByTestId('teacher-notes-toggle').click();
  await expect(notes.getByTestId('teacher-goals')).toContainText('NIC thread');
  await expect(notes.getByTestId('teacher-misconceptions').locator('li')).toHaveCount(2);
  await notes.getByTestId('teacher-notes-toggle').click();
  await page.emulateMedia({ media: 'print' });
  await expect(notes.getByTestId('teacher-questions')).toBeVisible();
  await expect(notes.getByTestId('teacher-notes-toggle')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});

test('predict, then run: a walkthrough step records the answer and reveals the run\'s with its explanation', async ({ emulator, page }) => {
  await emulator.open('#w=portals-short-put&step=1');
  await emulator.finishedFingerprint();
  const card = page.getByTestId('walkthrough-card');
  const predict = card.getByTestId('predict');
  await expect(predict).toContainText('Portals PUT or a Tports send');
  await expect(card.getByTestId('predict-explanation')).toHaveCount(0);
  await expect(predict.getByTestId('predict-lock')).toBeDisabled();
  await predict.getByTestId('predict-choice-0').check();
  await predict.getByTestId('predict-lock').click();
  const answered = card.getByTestId('predict-answered');
  await expect(answered).toContainText('You said Portals PUT');
  await expect(answered.getByTestId('predict-run-answer')).toHaveText('Tports send');
  await expect(answered).toContainText('Not this time.');
  await expect(card.getByTestId('predict-explanation')).toContainText('Table 2');
  await expect(card.getByTestId('walkthrough-text')).toContainText('PtlMEAttach');
  await expect(card.getByTestId('walkthrough-cite')).toBeVisible();
  // The answer stays with the step: away and back, it is still shown; Try again asks anew.
  await card.getByTestId('walkthrough-next').click();
  await card.getByTestId('walkthrough-prev').click();
  await expect(card.getByTestId('predict-answered')).toBeVisible();
  await card.getByTestId('predict-again').click();
  await expect(card.getByTestId('predict')).toBeVisible();
});

test('lessons: the home screen has one lesson per seed system; its Intro screen\'s predict step records an answer and reveals the run\'s', async ({ emulator, page }) => {
  await emulator.page.goto('/#screen=home');
  const home = page.getByTestId('lesson-home');
  await expect(home.locator('article.lesson-card')).toHaveCount(4);
  for (const seed of ['000', '001', '002', '003']) await expect(home).toContainText(`Seed ${seed}.`);
  await expect(page.getByTestId('lesson-portals-offload')).toContainText('You will be able to');
  await page.screenshot({ path: test.info().outputPath('lessons.png'), fullPage: true });
  await page.getByTestId('lesson-portals-offload-intro').click();
  const intro = page.getByTestId('intro-view');
  await expect(intro).toBeVisible();
  await expect(page).toHaveURL(/screen=intro/);
  await expect(intro.locator('[data-panel="cluster"]')).toBeVisible();
  await expect(intro.locator('[data-panel="latency"]')).toBeVisible();
  await expect(page.getByTestId('toggle-editor')).toHaveCount(0);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 45_000 });
  const card = page.getByTestId('walkthrough-card');
  await card.getByTestId('predict-choice-1').check();
  await card.getByTestId('predict-lock').click();
  await expect(card.getByTestId('predict-answered')).toContainText('You said Tports send');
  await expect(card.getByTestId('predict-run-answer')).toHaveText('Tports send');
  await expect(card.getByTestId('predict-answered')).toContainText('Right.');
  // The live description speaks of the step's time, where the walkthrough put the cursor.
  await expect(page.getByTestId('live-description')).toHaveText(/^8\.0 µs: /);
  await page.screenshot({ path: test.info().outputPath('intro.png'), fullPage: true });
  // On to the Lab: the whole page with the same scenario.
  await page.getByTestId('intro-lab').click();
  await expect(page.getByTestId('toggle-editor')).toBeVisible();
  await expect(page.getByTestId('scenario-title')).toContainText('Portals 3.3 and Tports');
});
