/**
 * Critical path (issue 38): open the default Portals ping-pong, open the critical-path view, pick a 0-byte Portals
 * PUT: the waterfall draws the target NIC thread's Table 2 steps and the totals per resource add up to the path's
 * time; switch to its ping-pong iteration: the band above shows seed 002 Table 1's four initiator steps, in order,
 * summing to the iteration's ~36 µs. A message clicked elsewhere (the event-chain view's picker) is picked here too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { linkV4 } from './explorerLinks';

test('a Portals 0-byte PUT\'s critical path, and its iteration\'s waterfall shows Table 1\'s steps', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  const toggle = page.getByTestId('toggle-path');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const view = page.getByTestId('critical-path-view');
  await expect(view).toBeVisible();

  const select = view.getByTestId('path-message-select');
  const options = await select.locator('option').allTextContents();
  const label = options.find((o) => /^Portals PUT · 0 B/.test(o));
  expect(label, `a 0-byte Portals PUT among ${options.length} options`).toBeTruthy();
  await select.selectOption({ label: label! });

  await expect(view.getByTestId('path-waterfall')).toBeVisible();
  for (const step of ['Take lock', 'Inspect header', 'Match', 'Housekeeping', 'Write completion event', 'Drop lock'])
    await expect(view.locator(`[data-testid="path-segment"][data-resource="nic"][data-step="${step}"]`).first()).toBeAttached();
  const total = Number((await view.getByTestId('path-total-us').textContent())!.replace(/[^\d.]/g, ''));
  const parts = await view.locator('[data-testid^="path-total-"][data-us]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-us'))));
  expect(Math.abs(parts.reduce((a, b) => a + b, 0) - total)).toBeLessThan(0.01);
  await view.screenshot({ path: test.info().outputPath('critical-path-message.png') });

  await view.getByTestId('path-unit-iteration').check();
  const phases = view.getByTestId('path-phase');
  await expect(phases).toHaveCount(4);
  expect(await phases.evaluateAll((els) => els.map((e) => e.getAttribute('data-step')))).toEqual(['Post receive', 'Send', 'Wait for send to complete', 'Wait for arrival']);
  const phaseUs = await phases.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-us'))));
  // Seed 002 Table 1 (Portals): 6.4, 2.2, 2.8, 24.7 us; total 36.1 us.
  expect(Math.abs(phaseUs.reduce((a, b) => a + b, 0) - 36.1)).toBeLessThan(0.05 * 36.1);
  expect(phaseUs[3]).toBeGreaterThan(phaseUs[0]);
  await expect(view.locator('[data-testid="path-segment"][data-resource="link"]').first()).toBeAttached();
  await view.screenshot({ path: test.info().outputPath('critical-path-iteration.png') });

  // Every size, per series: one chart each, a bar per size; a bar picks its iteration.
  await view.getByTestId('path-sizes-toggle').click();
  await expect(view.getByTestId('path-size-chart')).toHaveCount(3, { timeout: 30_000 });
  await expect(view.getByTestId('path-sizes-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(view.getByTestId('path-size-chart').first().locator('rect.path-size-bar').first()).toBeAttached();
  await view.screenshot({ path: test.info().outputPath('critical-path-sizes.png') });

  // The same selection as the event-chain view: a message picked there is drawn here.
  await page.getByTestId('toggle-chain').click();
  const chainSelect = page.getByTestId('event-chain-view').getByTestId('chain-message-select');
  await expect(chainSelect.locator('option', { hasText: /^Tports · 0 B/ }).first()).toBeAttached();
  const tports = (await chainSelect.locator('option').allTextContents()).find((o) => /^Tports · 0 B/.test(o))!;
  await chainSelect.selectOption({ label: tports });
  await expect(view.getByTestId('path-status')).toContainText(`#${tports.match(/#(\d+)/)![1]}`);
});

test('in Compare, the path\'s time per resource of run A stands beside run B\'s with the differences', async ({ emulator, page }) => {
  const scenario = JSON.parse(readFileSync(join(process.cwd(), 'scenarios/portals-qsnet-pingpong.json'), 'utf8'));
  scenario.workload.sizes_bytes = [0, 4096];
  delete scenario.walkthroughs;
  await emulator.open(linkV4(scenario, { panels: ['path', 'compare'] }, { kind: 'parameter', name: 'pci.clock_MHz', value: 133 }));
  await emulator.finishedFingerprint();
  const view = page.getByTestId('critical-path-view');
  const select = view.getByTestId('path-message-select');
  await expect(select.locator('option', { hasText: /^Portals PUT · 0 B/ }).first()).toBeAttached();
  const label = (await select.locator('option').allTextContents()).find((o) => /^Portals PUT · 0 B/.test(o))!;
  await select.selectOption({ label });
  const table = view.getByTestId('path-compare');
  await expect(table).toBeVisible({ timeout: 45_000 });
  // A 133 MHz bus halves each PCI crossing: run B's PCI time is below run A's.
  const pci = await table.getByTestId('path-compare-pci').locator('td').allTextContents();
  expect(Number(pci[2])).toBeLessThan(Number(pci[1]));
  expect(pci[3]).toMatch(/^−/);
});

test('a PVFS2 I/O call\'s critical path: LIO\'s holds its pack on the client, SG-LIO\'s none, both wait on Trove', async ({ emulator, page }) => {
  const tile = JSON.parse(readFileSync(join(process.cwd(), 'scenarios/pvfs2-mpi-tile-io.json'), 'utf8'));
  delete tile.walkthroughs;
  // One series a run: the page simulates as far as it shows, so the first messages are that series'.
  const callOf = async (series: string, label: RegExp) => {
    const scenario = { ...tile, workload: { ...tile.workload, series: tile.workload.series.filter((s: { id: string }) => s.id === series) } };
    await emulator.open(linkV4(scenario, { panels: ['path'] }));
    await emulator.finishedFingerprint();
    const view = page.getByTestId('critical-path-view');
    const select = view.getByTestId('path-message-select');
    await expect(select.locator('option', { hasText: label }).first()).toBeAttached();
    const first = (await select.locator('option').allTextContents()).find((o) => label.test(o))!;
    await select.selectOption({ label: first });
    await view.getByTestId('path-unit-call').check();
    await expect(view.getByTestId('path-status')).toContainText(`The I/O call of message #${first.match(/#(\d+)/)![1]}`);
    expect(Number(await view.getByTestId('path-total-storage').getAttribute('data-us')), 'the call waits on Trove').toBeGreaterThan(0);
    return view;
  };
  const lio = await callOf('lio', /^Elan4 LIO /);
  await expect(lio.getByTestId('path-step-totals')).toContainText('LIO pack / unpack');
  await lio.screenshot({ path: test.info().outputPath('critical-path-io-call.png') });
  const sg = await callOf('sg-lio', /^Elan4-SG-LIO /);
  await expect(sg.getByTestId('path-step-totals')).toContainText('AIO pread / pwrite');
  await expect(sg.getByTestId('path-step-totals')).not.toContainText('LIO pack / unpack');
});
