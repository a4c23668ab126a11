/**
 * Links that cannot mislead (issue 13): a hash that is not a valid link of a known version never falls back in
 * silence. Reversed, truncated, bit-flipped, over-size, unknown-version and foreign hashes each open the error banner
 * saying what is wrong, and the default scenario runs beside it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkV4 } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8'));
const good = linkV4(scenario).slice(1); // the current format, without '#'
const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8'));

/** `good` with one character of its data replaced by the next one in the URI-safe alphabet. */
function bitFlipped(): string {
  const i = Math.floor(good.length / 2);
  const c = good[i] === 'A' ? 'B' : 'A';
  return `${good.slice(0, i)}${c}${good.slice(i + 1)}`;
}

const CASES: { name: string; hash: string; says: RegExp }[] = [
  { name: 'reversed', hash: `#${[...good].reverse().join('')}`, says: /is not a link of this page/ },
  { name: 'truncated', hash: `#${good.slice(0, Math.floor(good.length * 0.6))}`, says: /damaged/ },
  { name: 'bit-flipped', hash: `#${bitFlipped()}`, says: /does not match its integrity check/ },
  { name: 'over-size', hash: `#s=1.${'A'.repeat(70 * 1024)}`, says: /too large/ },
  { name: 'unknown version', hash: `#s=42.${good.slice(4)}`, says: /version "42" is unknown/ },
  { name: 'versionless', hash: '#s=garbage', says: /"s=garbage" is not <version>\.<data>/ },
  { name: 'foreign', hash: '#section-2', says: /"#section-2" is not a link of this page/ },
  { name: 'not a scenario id', hash: '#scenario=Bad_ID!', says: /is not a scenario id/ },
  // Found by the link codec's property test: a malformed percent escape threw from decodeURIComponent.
  { name: 'malformed escape', hash: '#scenario=%E0%A4%A', says: /is not a scenario id/ },
];

for (const c of CASES) {
  test(`a ${c.name} link opens the error banner and the default scenario`, async ({ emulator }) => {
    await emulator.open(c.hash);
    await expect(emulator.errorBanner).toBeVisible();
    await expect(emulator.errorBanner).toContainText(c.says);
    await expect(emulator.errorBanner).toContainText('Showing the default scenario instead');
    expect(await emulator.finishedFingerprint()).toBe(golden['portals-qsnet-pingpong']);
  });
}

test('a valid link and an empty hash open without a banner', async ({ emulator }) => {
  await emulator.open(`#${good}`);
  await emulator.finishedFingerprint();
  await expect(emulator.errorBanner).toHaveCount(0);
  await emulator.open('');
  await emulator.finishedFingerprint();
  await expect(emulator.errorBanner).toHaveCount(0);
});

test('a link to a walkthrough the scenario lacks says so and keeps the scenario; a step past the last opens the last', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong&w=no-such-walkthrough');
  await expect(emulator.errorBanner).toContainText('walkthrough "no-such-walkthrough" is not one of the scenario "via-sci-pingpong"');
  await expect(emulator.errorBanner).toContainText('sci-mpich-short');
  await expect(page.getByTestId('walkthrough-card')).toHaveCount(0);
  await emulator.finishedFingerprint();
  await emulator.open('#scenario=via-sci-pingpong&w=sci-mpich-short&step=99');
  await expect(emulator.errorBanner).toContainText('step 99 of walkthrough "sci-mpich-short" is past its last');
  await expect(page.getByTestId('walkthrough-card')).toBeVisible();
  await expect(page.getByTestId('walkthrough-next')).toBeDisabled();
});
