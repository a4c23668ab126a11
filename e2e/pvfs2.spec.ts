/**
 * PVFS2 over Elan4 (seed 000) in the page: the concurrent list I/O scenario opens by its short link, runs with the
 * native fingerprint, draws the QsNetII with the InfiniBand of the PVFS2/IBA baseline below it, shows the list I/O
 * tables (the paper's gains beside the simulated ones), the storage view (servers' flow buffers and Trove, clients'
 * requests, the stripe layout), an SG-LIO chain firing in the event-chain view, and plays.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeV2, linkV4 } from './explorerLinks';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('#scenario=pvfs2-elan4-listio runs SG-LIO, LIO, iterative and PVFS2/IBA with the native fingerprint and plays', async ({ emulator, page }) => {
  test.setTimeout(120_000);
  const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8'));
  await emulator.open('#scenario=pvfs2-elan4-listio');
  await expect(page.getByTestId('cluster-region-infiniband')).toHaveText('InfiniBand 4X (the same nodes)');
  await expect(page.locator('[data-testid^="component-hca"]')).toHaveCount(8);
  expect(await emulator.finishedFingerprint()).toBe(golden['pvfs2-elan4-listio']);
  await expect(emulator.errorBanner).toHaveCount(0);
  await expect(page.getByText(/Concurrent list I\/O, aggregate bandwidth/).first()).toBeVisible();
  await expect(page.getByText('concurrent read').first()).toBeVisible();
  await expect(page.getByText('iba read').first()).toBeVisible();
  // The storage view: 4 servers, 4 clients; at a message's time some client has a request outstanding.
  const storage = page.getByTestId('storage-view');
  await expect(storage.locator('[data-testid^="storage-server-"]')).toHaveCount(4);
  await expect(storage.locator('[data-testid^="storage-client-"]')).toHaveCount(4);
  await page.getByTestId('message-jump').selectOption({ index: 3 });
  await expect.poll(async () => {
    const counts = await storage.locator('[data-testid^="client-requests-"]').allTextContents();
    return counts.map(Number).reduce((a, b) => a + b, 0);
  }).toBeGreaterThan(0);
  await storage.screenshot({ path: 'test-results/pvfs2-storage-view.png' });
  // A list transfer lands piece by piece: from an SG-LIO flow message's start, playing fills the pieces of the
  // transfer in view in the receiver's memory one after another (the chain firing), never emptying one while the
  // same transfer shows.
  const jump = page.getByTestId('message-jump');
  const sgFlow = (await jump.locator('option').allTextContents()).find((o) => /SG-LIO · 16K B/.test(o));
  expect(sgFlow, 'an SG-LIO message of 16 KiB in the jump list').toBeTruthy();
  await jump.selectOption({ label: sgFlow! });
  const transfer = storage.getByTestId('list-transfer');
  await expect(transfer).toBeVisible();
  await emulator.speed.selectOption({ label: '10 µs/s' });
  await emulator.playToggle.click();
  // The receiver starts pulling once it has matched the request: then a 64-piece transfer comes into view.
  const samples: { message: string; landed: number }[] = [];
  await expect.poll(async () => {
    const pieces = Number(await transfer.getAttribute('data-pieces'));
    const landed = Number(await transfer.getAttribute('data-landed'));
    if (pieces === 64) samples.push({ message: (await transfer.getAttribute('data-message'))!, landed });
    return pieces === 64 ? landed : -1;
  }, { timeout: 30_000, intervals: [150] }).toBeGreaterThanOrEqual(4);
  await emulator.playToggle.click();
  const first = samples[0];
  expect(first.landed, 'a transfer comes into view before its pieces land').toBeLessThan(4);
  expect(new Set(samples.map((x) => x.message)).size, 'the same transfer stays in view while it moves').toBe(1);
  for (let i = 1; i < samples.length; i++) expect(samples[i].landed).toBeGreaterThanOrEqual(samples[i - 1].landed);
  expect(new Set(samples.map((x) => x.landed)).size, 'pieces landing one after another').toBeGreaterThanOrEqual(3);
  await storage.screenshot({ path: 'test-results/pvfs2-list-transfer.png' });
  // An SG-LIO flow message in the event-chain view: one doorbell, then a chain the NIC fires alone, each event's
  // COPY action starting the next region's RDMA; stepping fires the chain in order.
  const toggle = page.getByTestId('toggle-chain');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const view = page.getByTestId('event-chain-view');
  const select = view.getByTestId('chain-message-select');
  // The view loads as its own chunk the first time it opens: wait for its message list.
  const sgOption = async () => (await select.locator('option').allTextContents()).find((o) => /SG-LIO · 16384 B/.test(o));
  await expect.poll(sgOption, { message: 'an SG-LIO flow message of 16 KiB' }).toBeTruthy();
  const sg = await sgOption();
  await select.selectOption({ label: sg! });
  const copies = view.locator('[data-testid="chain-node"][data-type="copy"][data-needs-host="false"]');
  await expect.poll(() => copies.count()).toBeGreaterThanOrEqual(16);
  const chained = view.locator('[data-testid="chain-node"][data-chained="true"][data-needs-host="false"]');
  expect(await chained.count()).toBeGreaterThanOrEqual(await copies.count());
  const fired = view.locator('[data-testid="chain-node"][data-fired="true"]');
  await expect(fired).toHaveCount(0);
  for (let step = 0; step < 12; step++) await view.getByTestId('chain-next').click();
  await expect.poll(() => fired.count()).toBeGreaterThanOrEqual(12);
  const flags = await view.getByTestId('chain-node').evaluateAll((els) => els.map((e) => e.getAttribute('data-fired') === 'true'));
  const n = flags.filter(Boolean).length;
  expect(flags.slice(0, n).every(Boolean), 'the fired nodes are a prefix of the chain').toBe(true);
  await view.screenshot({ path: 'test-results/pvfs2-sg-lio-chain.png' });
  const before = await emulator.simTime.textContent();
  await emulator.playToggle.click();
  await expect.poll(() => emulator.simTime.textContent(), { timeout: 10_000 }).not.toBe(before);
  await page.waitForTimeout(1500);
  await emulator.playToggle.click();
  await page.screenshot({ path: 'test-results/pvfs2-listio.png', fullPage: true });
});

test('#scenario=pvfs2-btio&w=btio: BT-IO runs in the page with the native fingerprint; its tables and walkthrough show', async ({ emulator, page }) => {
  test.setTimeout(240_000);
  const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8'));
  await emulator.open('#scenario=pvfs2-btio&w=btio&step=3');
  // While the four runs compute, the tables panel says which tables will come (the catalog's text for btio).
  await expect(page.getByTestId('tables-pending')).toContainText('The BT-IO tables (duration and I/O time in seconds');
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 200_000 });
  await expect(page.getByTestId('tables-title')).toHaveText('NAS BT-IO over PVFS2: duration and I/O time');
  expect(await emulator.finishedFingerprint()).toBe(golden['pvfs2-btio']);
  await expect(emulator.errorBanner).toHaveCount(0);
  await expect(page.getByText('BT-IO: paper (seed 000) vs simulated').first()).toBeVisible();
  const tables = page.getByTestId('result-tables');
  for (const row of ['No IO', 'Elan4-SG-LIO', 'Elan4 LIO', 'IBA']) await expect(tables.getByText(row, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 3 of 6');
  await expect(page.getByTestId('walkthrough-text')).toContainText('I/O time is a difference');
  // The fifth step says where SG-LIO's lead comes from; the run's published figures mark LIO's I/O time calibrated.
  await page.getByTestId('walkthrough-next').click();
  await page.getByTestId('walkthrough-next').click();
  await expect(page.getByTestId('walkthrough-text')).toContainText("Where SG-LIO's lead comes from");
  await expect(page.getByTestId('figure-s000-btio-io-elan4-lio').locator('.badge.kind-calibrated')).toBeVisible();
  await expect(page.getByTestId('figure-s000-btio-io-elan4-sg-lio').getByTestId('figure-check')).toHaveText('pass');
  await page.screenshot({ path: 'test-results/pvfs2-btio.png', fullPage: true });
});

test('#scenario=pvfs2-elan4-listio&w=sg-lio-write: the storage view and the event-chain view show the message the walkthrough narrates', async ({ emulator, page }) => {
  test.setTimeout(120_000);
  // Step 6: the SEAMUR event has counted all 64 completions of client node 0's flow step into server node 4.
  await emulator.open('#scenario=pvfs2-elan4-listio&w=sg-lio-write&step=6');
  await expect(emulator.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 100_000 });
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 6 of 7');
  const transfer = page.getByTestId('storage-view').getByTestId('list-transfer');
  await expect(transfer).toContainText('node 0 (client) → node 4 (server)');
  await expect(transfer).toHaveAttribute('data-pieces', '64');
  await expect(transfer).toHaveAttribute('data-landed', '64');
  const narrated = await transfer.getAttribute('data-message');
  // The event-chain view shows the same message without a pick, at the step's time: its chain has fired.
  const toggle = page.getByTestId('toggle-chain');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const view = page.getByTestId('event-chain-view');
  await expect(view.getByTestId('chain-message-select')).toHaveValue(narrated!);
  // Its list of messages is grouped by series, each group named with its count.
  const labels = (JSON.parse(readFileSync(join(ROOT, 'scenarios/pvfs2-elan4-listio.json'), 'utf8')) as { workload: { series: { label: string }[] } })
    .workload.series.map((x) => x.label);
  const groups = await view.getByTestId('chain-message-select').locator('optgroup').evaluateAll((gs) => gs.map((g) => g.getAttribute('label') ?? ''));
  expect(groups.map((g) => g.replace(/ \(\d+\)$/, ''))).toEqual(labels);
  await expect.poll(async () => Number(await view.getByTestId('chain-fired-count').textContent())).toBeGreaterThan(16);
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 6 of 7');
  // The size filter narrows the list to one payload size, each size named with its count; the drawn message stays.
  const sizeFilter = view.getByTestId('chain-size-filter');
  const sizeLabels = await sizeFilter.locator('option').allTextContents();
  expect(sizeLabels[0]).toMatch(/^all \(\d+\)$/);
  expect(sizeLabels.length).toBeGreaterThan(2);
  const [, bytes, count] = /^(\d+) B \((\d+)\)$/.exec(sizeLabels[1])!;
  await sizeFilter.selectOption(bytes);
  const listed = await view.getByTestId('chain-message-select').locator('option').evaluateAll((os) =>
    os.filter((o) => (o as HTMLOptionElement).value !== '').map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
  const ofSize = listed.filter(([, text]) => text.includes(` · ${bytes} B · `));
  expect(ofSize.length).toBe(Number(count));
  // Only the narrated message may be listed under another size.
  const others = listed.filter(([, text]) => !text.includes(` · ${bytes} B · `)).map(([value]) => value);
  expect(others.every((v) => v === narrated)).toBe(true);
  await expect(view.getByTestId('chain-message-select')).toHaveValue(narrated!);
  await sizeFilter.selectOption('');
  // A message picked in the view replaces it; the walkthrough's next step brings the narrated one back.
  const select = view.getByTestId('chain-message-select');
  const other = await select.locator('option').evaluateAll((os, n) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v !== '' && v !== n), narrated);
  await select.selectOption(other!);
  await expect(select).toHaveValue(other!);
  await page.getByTestId('walkthrough-next').click();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 7 of 7');
  await expect(select).toHaveValue(narrated!);
  await expect(transfer).toHaveAttribute('data-message', narrated!);
  // Back at step 1 (the client's call starts) the sequence chart marks the same message with the highlight.
  for (let i = 0; i < 6; i++) await page.getByTestId('walkthrough-prev').click();
  await expect(page.getByTestId('walkthrough-step')).toHaveText('step 1 of 7');
  const marked = page.locator('[data-testid="seq-message"][data-narrated="true"]');
  await expect(marked.first()).toHaveAttribute('data-message', narrated!);
  expect(await page.locator('[data-testid="seq-message"][data-narrated="true"]').evaluateAll((els, n) => els.every((e) => e.getAttribute('data-message') === n), narrated)).toBe(true);
  await page.screenshot({ path: 'test-results/pvfs2-walkthrough-message.png', fullPage: true });
});

test('the editor shows a PVFS2 workload as such: its kind and summary, BT-IO\'s ROMIO hint, no ping-pong fields in the link', async ({ emulator, page }) => {
  await emulator.open('#scenario=pvfs2-mpi-tile-io');
  const before = await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await expect(page.getByTestId('edit-kind')).toHaveValue('mpi-tile-io');
  await expect(page.getByTestId('edit-pvfs2-note')).toContainText('4 clients (nodes 0-3) and 4 PVFS2 servers (nodes 4-7)');
  await expect(page.getByTestId('edit-initiator')).toHaveCount(0);
  await expect(page.getByTestId('edit-romio')).toHaveCount(0);
  await emulator.parameter('pvfs2.client_sysio_us').fill('50');
  await page.getByTestId('run-scenario').click();
  await expect(emulator.fingerprint).not.toHaveText(before, { timeout: 45_000 });
  await emulator.finishedFingerprint();
  const { scenario } = decodeV2(page.url());
  expect(scenario.workload.kind).toBe('mpi-tile-io');
  expect(Object.keys(scenario.workload)).not.toContain('initiator');
  expect(Object.keys(scenario.workload)).not.toContain('sizes_bytes');
  expect(scenario.parameters).toEqual({ 'pvfs2.client_sysio_us': 50 });

  await emulator.open('#scenario=pvfs2-btio');
  await emulator.showPanel('editor');
  await expect(page.getByTestId('edit-kind')).toHaveValue('btio');
  await expect(page.getByTestId('edit-romio')).toHaveValue('disable');
  await page.getByTestId('edit-romio').selectOption('automatic');
  await expect(page.getByTestId('run-scenario')).toBeEnabled();
  await page.screenshot({ path: 'test-results/pvfs2-editor.png', fullPage: true });
});

test('the editor edits a PVFS2 workload\'s shape: MPI-Tile-IO with 3-byte elements runs; tiles the clients cannot fill are refused at the tiles', async ({ emulator, page }) => {
  await emulator.open('#scenario=pvfs2-mpi-tile-io');
  const before = await emulator.finishedFingerprint();
  await emulator.showPanel('editor');
  await expect(page.getByTestId('edit-pvfs2-element_bytes')).toHaveValue('8');
  await expect(page.getByTestId('edit-pvfs2-regions')).toHaveCount(0);  // a list I/O field
  // 3 x 2 tiles need 6 clients; the file has 4: the core's rule, at the field.
  await page.getByTestId('edit-pvfs2-tiles_x').fill('3');
  await expect(page.getByTestId('error-pvfs2-tiles_x')).toContainText('tiles need 6 clients', { timeout: 15_000 });
  await expect(page.getByTestId('run-scenario')).toBeDisabled();
  await page.getByTestId('edit-pvfs2-tiles_x').fill('2');
  await page.getByTestId('edit-pvfs2-element_bytes').fill('3');
  await expect(page.getByTestId('error-pvfs2-tiles_x')).toHaveCount(0);
  await expect(page.getByTestId('run-scenario')).toBeEnabled();
  await page.getByTestId('run-scenario').click();
  await expect(emulator.fingerprint).not.toHaveText(before, { timeout: 45_000 });
  await emulator.finishedFingerprint();
  const { scenario } = decodeV2(page.url());
  expect(scenario.workload.element_bytes).toBe(3);
  // The table's caption follows the run's tiles.
  await expect(page.getByTestId('table-mpi-tile-io')).toContainText('1024x1024 x 3 B');
});

test('PVFS2 1.0.1: its Trove leaks its I/O slots and list I/O stops; the page says why instead of showing a finished run', async ({ emulator, page }) => {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/pvfs2-elan4-listio.json'), 'utf8'));
  scenario.workload.pvfs2_version = '1.0.1';
  scenario.workload.region_bytes = [1024];
  scenario.workload.series = scenario.workload.series.slice(0, 1);
  await emulator.open(linkV4(scenario));
  await expect(page.getByTestId('run-stalled')).toContainText('leaked its I/O slots', { timeout: 60_000 });
  await expect(page.getByTestId('run-stalled')).toContainText('set workload.pvfs2_version to 1.1.0');
  await expect(page.getByTestId('run-status')).toContainText('stalled');
  await expect(emulator.errorBanner).toHaveCount(0);
});
