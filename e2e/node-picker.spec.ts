/**
 * The inspector's node field (components/NodePicker.tsx): a node picked by number, with the keyboard only, is the
 * one inspected and marked in the cluster view; a number the cluster lacks is marked invalid and changes nothing.
 * Before, a node could be picked only by clicking the cluster view, which no keyboard reaches.
 */
import { expect, test } from './fixtures';

test('typing a node number inspects that node; one past the last is refused', async ({ emulator, page }) => {
  await emulator.open();
  const field = page.getByTestId('node-picker');
  await expect(field).toHaveValue('0');
  await expect(page.getByTestId('inspector-node')).toHaveText(/^0 \(initiator\)/);
  // Keyboard only: focus the field, replace its number.
  await field.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await expect(page.getByTestId('inspector-node')).toHaveText(/^5 \(target\)/);
  await expect(page.getByTestId('component-host5')).toHaveClass(/\bselected\b/);
  await expect(page.getByTestId('component-host0')).not.toHaveClass(/\bselected\b/);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  // The default cluster has 16 nodes, 0 to 15: each number typed selects as soon as it names a node ("1", then
  // "15"); "159" names none and changes nothing.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('15');
  await expect(page.getByTestId('inspector-node')).toHaveText(/^15\b/);
  await page.keyboard.type('9');
  await expect(field).toHaveValue('159');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('inspector-node')).toHaveText(/^15\b/);
  await expect(page.getByTestId('component-host15')).toHaveClass(/\bselected\b/);
  // Leaving the field shows the inspected node again.
  await page.keyboard.press('Tab');
  await expect(field).toHaveValue('15');
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  // The arrow keys step through the nodes.
  await field.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('inspector-node')).toHaveText(/^14\b/);
});

test('a node the next scenario\'s cluster lacks is not kept: node 15 of 16, then a 2-node scenario inspects its initiator', async ({ emulator, page }) => {
  await emulator.open();
  await page.getByTestId('node-picker').fill('15');
  await expect(page.getByTestId('inspector-node')).toHaveText(/^15\b/);
  await page.getByTestId('scenario-menu').selectOption('ompi-elan4-progress');
  await expect(page.getByTestId('scenario-title')).toContainText('Open MPI');
  await expect(page.getByTestId('inspector-node')).toHaveText(/^0 \(initiator\)/);
  await expect(page.getByTestId('node-picker')).toHaveValue('0');
  await expect(page.getByTestId('node-picker')).toHaveAttribute('max', '1');
});
