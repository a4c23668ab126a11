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
});
