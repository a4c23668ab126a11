/** Sequence chart (messages between nodes around the cursor) and the node timeline; both set the time on click. */
import { expect, test } from './fixtures';
import { linkV1, smallScenario } from './explorerLinks';

test('the sequence chart draws lifelines and message arrows; clicking one jumps to its start', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint();
  await emulator.showPanel('sequence');
  await page.getByTestId('message-jump').selectOption({ index: 3 }); // a 4 KiB rendezvous
  await expect.poll(() => emulator.sequenceChart.getByTestId('seq-lifeline').count()).toBeGreaterThanOrEqual(2);
  const arrows = emulator.sequenceChart.getByTestId('seq-message');
  await expect.poll(() => arrows.count()).toBeGreaterThanOrEqual(1);
  await expect.poll(() => emulator.sequenceChart.getByTestId('seq-flow').count()).toBeGreaterThanOrEqual(2);
  await expect(emulator.sequenceChart.getByTestId('seq-cursor')).toHaveCount(1);
  await emulator.page.keyboard.press('Shift+ArrowRight'); // move off the message start
  const arrow = arrows.first();
  const start_ps = Number(await arrow.getAttribute('data-start-ps'));
  await arrow.locator('line').first().dispatchEvent('click');
  await expect.poll(() => emulator.simTimeUs()).toBeCloseTo(start_ps / 1e6, 3);
  await page.getByTestId('sequence-zoom-in').click();
  await expect(page.getByTestId('sequence-window')).toHaveText('±20 µs');
});

test('the timeline shows host, NIC thread, PCI and input-queue tracks of the node; a click sets the time', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint();
  await emulator.showPanel('timeline');
  await page.getByTestId('message-jump').selectOption({ index: 1 });
  for (const track of ['host', 'nic_thread', 'pci', 'input-queue']) {
    await expect(emulator.timeline.getByTestId(`timeline-track-${track}`)).toHaveCount(1);
  }
  await expect.poll(async () => Number(await emulator.timeline.getByTestId('timeline-track-pci').getAttribute('data-spans'))).toBeGreaterThan(0);
  const before = await emulator.simTimeUs();
  await emulator.timeline.locator('svg').scrollIntoViewIfNeeded(); // mouse clicks need it on screen
  const box = (await emulator.timeline.locator('svg').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect.poll(() => emulator.simTimeUs()).toBeGreaterThan(before + 10);
});

test('an SCI node\'s timeline has no input-queue or NIC-thread lane: its PCI-SCI adapter keeps no QDMA input queue and runs no thread', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong');
  await emulator.finishedFingerprint();
  await emulator.showPanel('timeline');
  await page.getByTestId('message-jump').selectOption({ index: 1 });
  await expect(emulator.timeline.getByTestId('timeline-track-host')).toHaveCount(1);
  await expect(emulator.timeline.getByTestId('timeline-track-input-queue')).toHaveCount(0);
  await expect(emulator.timeline.getByTestId('timeline-track-nic_thread')).toHaveCount(0);
  await expect(emulator.timeline.getByTestId('timeline-track-pci')).toHaveCount(1);
});

test('the sequence chart names packets as the network they cross does: SCI on the ringlet, TCP on the Fast Ethernet', async ({ emulator, page }) => {
  await emulator.open('#scenario=via-sci-pingpong');
  await emulator.finishedFingerprint();
  await emulator.showPanel('sequence');
  const kinds = emulator.sequenceChart.getByTestId('seq-packet-kind');
  await expect(kinds.filter({ hasText: 'SCI echo' })).toHaveCount(1);
  await expect(kinds.filter({ hasText: 'TCP ACK' })).toHaveCount(1);
  await expect(kinds.filter({ hasText: 'QDMA' })).toHaveCount(0);
  const flowTitles = () => emulator.sequenceChart.getByTestId('seq-flow').locator('title').allTextContents();
  const jump = page.getByTestId('message-jump');
  const optionOf = async (text: RegExp) => (await jump.locator('option', { hasText: text }).first().getAttribute('value'))!;
  await jump.selectOption(await optionOf(/^SS-VIA · 1K/));
  await expect.poll(async () => (await flowTitles()).length).toBeGreaterThanOrEqual(1);
  for (const t of await flowTitles()) expect(t).toMatch(/^SCI (write|read|echo)/);
  // A 4-byte message's frames cross the switch within the window (a 1 KiB frame takes 82 µs on the wire alone).
  await jump.selectOption(await optionOf(/^TCP\/IP, Fast Ethernet · 4 B/));
  await page.getByTestId('sequence-zoom-out').click();
  await expect.poll(async () => (await flowTitles()).some((t) => t.startsWith('Ethernet frame (data)'))).toBe(true);
  for (const t of await flowTitles()) expect(t).not.toMatch(/^(RDMA|QDMA|SCI)/);
});
