/**
 * A cluster of switched Fast Ethernet alone (cluster.fabric "fast-ethernet"): opened by its short link, it runs with
 * the native fingerprint, draws 16 Tulip NICs under one store-and-forward switch drawn as a bar, and the editor
 * offers no fat-tree arity for it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('#scenario=fast-ethernet-16-half-shift draws a switched Fast Ethernet and runs M-VIA and TCP/IP on it', async ({ emulator, page }) => {
  const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8'));
  await emulator.open('#scenario=fast-ethernet-16-half-shift');
  await expect(page.getByText(/16 nodes · one store-and-forward Fast Ethernet switch/)).toBeVisible();
  const nics = page.locator('[data-testid^="component-tulip"]');
  await expect(nics).toHaveCount(16);
  const bar = page.getByTestId('component-eth-switch');
  await expect(bar).toHaveCount(1);
  // The switch is a bar over every NIC (from the first NIC's centre to the last's), not a box above their mean.
  const first = (await nics.first().boundingBox())!;
  const last = (await nics.last().boundingBox())!;
  const sw = (await bar.boundingBox())!;
  expect(sw.x).toBeLessThanOrEqual(first.x + first.width / 2);
  expect(sw.x + sw.width).toBeGreaterThanOrEqual(last.x + last.width / 2);
  expect(await emulator.finishedFingerprint()).toBe(golden['fast-ethernet-16-half-shift']);
  await expect(emulator.errorBanner).toHaveCount(0);
  await expect.poll(() => emulator.latencyChart.locator('circle').count()).toBeGreaterThanOrEqual(12);
  await page.screenshot({ path: 'test-results/fast-ethernet-16.png', fullPage: true });
  await emulator.showPanel('editor');
  await expect(page.getByTestId('edit-nodes')).toHaveValue('16');
  await expect(page.getByTestId('edit-arity')).toHaveCount(0);
  // Its testbed is seed 003's machine: the editor's defaults are the core's (33 MHz PCI, 350 MHz Pentium II).
  await expect(emulator.parameter('pci.clock_MHz')).toHaveValue('33');
  await expect(emulator.parameter('host.clock_MHz')).toHaveValue('350');
});

test('the editor builds a cluster of each topology: Fast Ethernet of 8 nodes, then back to an Elan4 fat tree', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.showPanel('editor');
  await expect(page.getByTestId('edit-fabric')).toHaveValue('qsnet');
  await expect(page.getByTestId('edit-arity')).toBeVisible();
  await page.getByTestId('edit-fabric').selectOption('fast-ethernet');
  await expect(page.getByTestId('edit-arity')).toHaveCount(0);
  await expect(page.getByTestId('edit-series-m-via')).toBeChecked();
  await expect(page.getByTestId('edit-series-tcp')).toBeChecked();
  await page.getByTestId('edit-nodes').fill('8');
  await page.getByTestId('edit-target').fill('4');
  await page.getByTestId('run-scenario').click();
  await expect(page.locator('[data-testid^="component-tulip"]')).toHaveCount(8);
  await expect(page.getByText(/8 nodes · one store-and-forward Fast Ethernet switch/)).toBeVisible();
  await emulator.finishedFingerprint();
  await expect(emulator.errorBanner).toHaveCount(0);
  // The edited Fast Ethernet scenario offers only the stacks its NICs run.
  await expect(page.getByTestId('edit-series-m-via')).toBeChecked();
  await expect(page.getByTestId('edit-series-portals-put')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/editor-fast-ethernet-8.png', fullPage: true });
  // Another topology: the QsNetII template's Open MPI series and the arity field come back.
  await page.getByTestId('edit-fabric').selectOption('qsnet2');
  await expect(page.getByTestId('edit-series-ompi-rdma-write')).toBeChecked();
  await expect(page.getByTestId('edit-arity')).toBeVisible();
  await expect(page.getByTestId('edit-nodes')).toHaveValue('2');
});
