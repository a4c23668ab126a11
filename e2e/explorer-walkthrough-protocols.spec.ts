/**
 * The walkthroughs of MPICH-QsNet (seed 001), SCI-MPICH, M-VIA and TCP/IP (seed 003), PVFS2's list I/O methods
 * (seed 000: SG-LIO, LIO, iterative, PVFS2/IBA) and MVAPICH's eager and rendezvous paths open from their short links
 * (`#scenario=<id>&w=<walkthrough>&step=1`) and step forward and back: the card's text and citation change, and
 * the time cursor moves by exactly the difference of the steps' offsets from their anchor message.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Step { time_us: number; text: string; cite?: string; highlight?: { node?: number; component?: string } }

function walkthrough(file: string, id: string): { title: string; steps: Step[] } {
  const scenario = JSON.parse(readFileSync(join(ROOT, `scenarios/${file}.json`), 'utf8'));
  return scenario.walkthroughs.find((w: { id: string }) => w.id === id);
}

const CASES = [
  { file: 'ompi-elan4-progress', id: 'mpich-qsnet-nic-matching', cite: /Seed 001|REFERENCES §1\.2/ },
  { file: 'via-sci-pingpong', id: 'sci-mpich-short', cite: /Seed 003|REFERENCES §1\.6/ },
  { file: 'via-sci-pingpong', id: 'm-via-kernel', cite: /Seed 003|REFERENCES §1\.5\.6/ },
  { file: 'via-sci-pingpong', id: 'tcp-fast-ethernet', cite: /Seed 003/ },
  { file: 'pvfs2-elan4-listio', id: 'sg-lio-write', cite: /Seed 000|references|REFERENCES/ },
  { file: 'pvfs2-elan4-listio', id: 'lio-write', cite: /Seed 000|references|REFERENCES/ },
  { file: 'pvfs2-elan4-listio', id: 'iterative-write', cite: /Seed 000|references/ },
  { file: 'pvfs2-elan4-listio', id: 'iba-write', cite: /bmi_ib/ },
  { file: 'ib-verbs-pingpong', id: 'mvapich-eager', cite: /MVAPICH/ },
  { file: 'ib-verbs-pingpong', id: 'mvapich-rput', cite: /MVAPICH/ },
];

for (const c of CASES) {
  test(`#scenario=${c.file}&w=${c.id} opens the walkthrough; next / previous step through it`, async ({ emulator, page }) => {
    const w = walkthrough(c.file, c.id);
    const n = w.steps.length;
    await emulator.open(`#scenario=${c.file}&w=${c.id}&step=1`);
    await emulator.finishedFingerprint();
    const card = page.getByTestId('walkthrough-card');
    await expect(card.locator('h2')).toHaveText(w.title);
    await expect(page.getByTestId('walkthrough-step')).toHaveText(`step 1 of ${n}`);
    await expect(page.getByTestId('walkthrough-prev')).toBeDisabled();
    await expect.poll(() => emulator.simTimeUs()).toBeGreaterThan(w.steps[0].time_us);
    const t0 = (await emulator.simTimeUs()) - w.steps[0].time_us;  // the anchor message's start

    await test.step('Next walks forward: text, citation and cursor follow each step', async () => {
      for (let i = 0; i < n; i++) {
        await expect(page.getByTestId('walkthrough-step')).toHaveText(`step ${i + 1} of ${n}`);
        await expect(page.getByTestId('walkthrough-text')).toHaveText(w.steps[i].text);
        await expect(page.getByTestId('walkthrough-cite')).toContainText(c.cite);
        await expect.poll(() => emulator.simTimeUs()).toBeCloseTo(t0 + w.steps[i].time_us, 1);
        if (i < n - 1) await page.getByTestId('walkthrough-next').click();
      }
      await expect(page.getByTestId('walkthrough-next')).toBeDisabled();
    });

    await test.step('Previous walks back', async () => {
      await page.getByTestId('walkthrough-prev').click();
      await page.getByTestId('walkthrough-prev').click();
      await expect(page.getByTestId('walkthrough-step')).toHaveText(`step ${n - 2} of ${n}`);
      await expect(page.getByTestId('walkthrough-text')).toHaveText(w.steps[n - 3].text);
      await expect.poll(() => emulator.simTimeUs()).toBeCloseTo(t0 + w.steps[n - 3].time_us, 1);
    });
  });
}

test('SCI-MPICH steps highlight the ringlet node parts they describe', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong&w=sci-mpich-short&step=4');
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 4 of 6');
  await expect(page.getByTestId('component-pci4')).toHaveClass(/wt-highlight/);
  await expect(page.getByTestId('component-pci0')).not.toHaveClass(/wt-highlight/);
  await page.getByTestId('walkthrough-next').click();
  await expect(page.getByTestId('component-pci0')).toHaveClass(/wt-highlight/);
});

test('M-VIA and TCP/IP wire steps highlight the Fast Ethernet switch', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong&w=m-via-kernel&step=4');
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('component-eth-switch')).toHaveClass(/wt-highlight/);
  await page.getByTestId('walkthrough-next').click();
  await expect(page.getByTestId('component-eth-switch')).not.toHaveClass(/wt-highlight/);
  await page.getByTestId('walkthrough-select').selectOption('tcp-fast-ethernet');
  for (let i = 1; i < 4; i++) await page.getByTestId('walkthrough-next').click();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 4 of 7');
  await expect(page.getByTestId('component-eth-switch')).toHaveClass(/wt-highlight/);
});

test('an unknown scenario= link says so and falls back to the default scenario', async ({ emulator }) => {
  await emulator.open('#scenario=no-such-scenario&w=x');
  await expect(emulator.errorBanner).toContainText('Unknown scenario "no-such-scenario"');
  await emulator.finishedFingerprint();
});
