/**
 * The keyboard shortcuts list (components/KeyboardHelp.tsx): "?" opens it as a modal dialog, the page's shortcuts do
 * nothing while it is open (Space does not play, Esc does not leave the walkthrough), and Esc closes it with the
 * walkthrough still open. The header's "Keys" button opens it too.
 */
import { expect, test } from './fixtures';

test('"?" lists the shortcuts; inside the list the page\'s keys do nothing; Esc closes it', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong&w=sci-mpich-short&step=1');
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('walkthrough-card')).toBeVisible();
  const help = page.getByTestId('keyboard-help');
  await expect(help).toBeHidden();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+?');
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  for (const key of ['Space', 'Shift + →', 'Home', 'Page Down', 'Esc']) await expect(help.locator('kbd', { hasText: key }).first()).toBeVisible();
  // Modal: Space presses Close (its focused button), not Play.
  await page.keyboard.press('Space');
  await expect(help).toBeHidden();
  await expect(emulator.playToggle).toHaveAttribute('aria-pressed', 'false');
  // Esc closes the list and leaves the walkthrough open.
  await page.getByTestId('keyboard-help-open').click();
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(page.getByTestId('walkthrough-card')).toBeVisible();
  // Outside the list, Esc leaves the walkthrough as before.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('walkthrough-card')).toBeHidden();
});
