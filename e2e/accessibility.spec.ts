/**
 * Accessibility (axe-core, WCAG 2.0/2.1 A and AA rules and best practices): the default page as a first visitor sees
 * it, and a VIA scenario with its walkthrough open and its work queues holding dequeued descriptors, each with no
 * violation. Found and fixed when this test came: coloured legend text below 4.5:1 contrast, the controls outside any
 * landmark, dequeued entries' grey at 4.3:1, and two buttons whose accessible name did not contain their text
 * ("Got it", "Copy link": WCAG 2.5.3 label in name).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures';

/** The violations axe finds on `page` now, one line each: rule, impact, the first elements and why. */
async function violations(page: import('@playwright/test').Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // WCAG 2.5.3 (label in name) is an experimental rule of axe, off unless asked for.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join(' | ')}`);
}

test('the default page, as a first visitor sees it, has no accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('first-visit-dismiss')).toBeVisible();
  await expect(page.getByTestId('fingerprint')).toHaveText(/[0-9a-f]{16}/, { timeout: 45_000 });
  expect(await violations(page)).toEqual([]);
});

test('a VIA walkthrough with dequeued descriptors in its work queues has no accessibility violation', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong&w=sci-mpich-short&step=3');
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('walkthrough-card')).toBeVisible();
  await expect(page.locator('[data-state="dequeued"]').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the keyboard shortcuts dialog, open, has no accessibility violation', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await page.getByTestId('keyboard-help-open').click();
  await expect(page.getByTestId('keyboard-help')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the paper check, open with a known miss unfolded, has no accessibility violation', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await page.getByTestId('paper-check-open').click();
  await expect(page.getByTestId('paper-check-summary')).toBeVisible();
  await page.getByTestId('figure-s001-progress-4b-two-threads').locator('summary').click();
  expect(await violations(page)).toEqual([]);
});
