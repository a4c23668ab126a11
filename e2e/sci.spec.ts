/** An SCI ringlet scenario (seed 003) from a link: it runs in the browser, is labelled as a ringlet, same fingerprint. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LZString from 'lz-string';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('the SS-VIA ringlet scenario runs from a link with the native fingerprint', async ({ emulator, page }) => {
  const scenario = readFileSync(join(ROOT, 'scenarios/via-sci-pingpong.json'), 'utf8');
  const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8'));
  await emulator.open(`#s=1.${LZString.compressToEncodedURIComponent(scenario)}`);
  expect(await emulator.finishedFingerprint()).toBe(golden['via-sci-pingpong']);
  await expect(emulator.errorBanner).toHaveCount(0);
  await expect(page.getByText(/one SCI ringlet/)).toBeVisible();
  await expect(page.getByText('paper (seed 003)').first()).toBeVisible();
  await expect.poll(() => emulator.latencyChart.locator('circle').count()).toBeGreaterThanOrEqual(19);
  // The legend speaks SCI and TCP, and the inspector shows no QsNet or Portals queue the node does not have.
  const legend = page.getByTestId('packet-legend');
  for (const term of ['SCI write / read response', 'SCI echo', 'TCP ACK']) await expect(legend).toContainText(term);
  await expect(legend).not.toContainText('QDMA');
  await expect(page.getByTestId('busy-legend')).toHaveText('busy (PCI / host)');
  await page.getByTestId('component-host1').click();
  await expect(page.getByTestId('inspector-node')).toContainText('1');
  await expect(page.getByTestId('inspector-input-queue')).toHaveCount(0);
  await expect(page.getByTestId('inspector-match-list')).toHaveCount(0);
  await expect(page.getByTestId('inspector-nic-thread')).toHaveCount(0);
  await expect(page.getByTestId('inspector-pci')).toHaveCount(1);
});

test('the default QsNet page keeps its QDMA legend and the Portals queues in the inspector', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('packet-legend')).toContainText('QDMA');
  await expect(page.getByTestId('busy-legend')).toHaveText('busy (PCI / NIC thread / host)');
  await page.getByTestId('component-host0').click();
  await expect(page.getByTestId('inspector-input-queue')).toHaveCount(1);
  await expect(page.getByTestId('inspector-match-list')).toHaveCount(1);
  await expect(page.getByTestId('inspector-nic-thread')).toHaveCount(1);
});
