/**
 * InfiniBand (seed 000's PVFS2/IBA baseline network): opened by its short link, the raw verbs ping-pong runs with the
 * native fingerprint and draws 8 InfiniHost HCAs under one InfiniScale switch bar; beside a QsNetII (an Elan4 series
 * and an InfiniBand series in one scenario) the InfiniBand is its own captioned region below the fat tree.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkV1 } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('#scenario=ib-verbs-pingpong draws InfiniHost HCAs on an InfiniScale switch, plays and runs VAPI RDMA write and send', async ({ emulator, page }) => {
  const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8'));
  await emulator.open('#scenario=ib-verbs-pingpong');
  await expect(page.getByText(/8 nodes · one 8-port InfiniScale 4X cut-through switch · InfiniHost NICs \(1000 MB\/s links\) on 64-bit\/133 MHz PCI-X/)).toBeVisible();
  const hcas = page.locator('[data-testid^="component-hca"]');
  await expect(hcas).toHaveCount(8);
  const bar = page.getByTestId('component-ib-switch');
  await expect(bar).toHaveCount(1);
  const first = (await hcas.first().boundingBox())!;
  const last = (await hcas.last().boundingBox())!;
  const sw = (await bar.boundingBox())!;
  expect(sw.x).toBeLessThanOrEqual(first.x + first.width / 2);
  expect(sw.x + sw.width).toBeGreaterThanOrEqual(last.x + last.width / 2);
  expect(await emulator.finishedFingerprint()).toBe(golden['ib-verbs-pingpong']);
  await expect(emulator.errorBanner).toHaveCount(0);
  // An HCA keeps posted receives, not a match list.
  await expect(emulator.inspector.getByText('Posted receives (RQ)')).toBeVisible();
  await expect(emulator.inspector.getByText('Match list (ME)')).toHaveCount(0);
  // Its engines' row is the HCA's (as the timeline's lane), not a NIC thread's.
  await expect(emulator.inspector.getByText('HCA', { exact: true })).toBeVisible();
  await expect(emulator.inspector.getByText('NIC thread')).toHaveCount(0);
  await expect.poll(() => emulator.latencyChart.locator('circle').count()).toBeGreaterThanOrEqual(20);
  // Play: the clock moves and packets cross the cables.
  const before = await emulator.simTime.textContent();
  await emulator.playToggle.click();
  await expect.poll(() => emulator.simTime.textContent(), { timeout: 10_000 }).not.toBe(before);
  await page.waitForTimeout(1500);
  await emulator.playToggle.click();
  await page.screenshot({ path: 'test-results/infiniband-verbs.png', fullPage: true });
  await emulator.showPanel('editor');
  await expect(page.getByTestId('edit-fabric')).toHaveValue('infiniband');
  await expect(page.getByTestId('edit-arity')).toHaveCount(0);
  await expect(emulator.parameter('pci.clock_MHz')).toHaveValue('133');
  await expect(emulator.parameter('ib.mtu_bytes')).toHaveValue('2048');
});

test('an Elan4 series and an InfiniBand series in one QsNetII scenario: the InfiniBand drawn below the fat tree', async ({ emulator, page }) => {
  const scenario = {
    format: 'hpc-interconnect-scenario', version: 1, id: 'elan4-and-ib',
    cluster: { fabric: 'qsnet2', nodes: 8 },
    workload: { kind: 'pingpong', initiator: 0, target: 5, warmup_iterations: 1, iterations: 2, sizes_bytes: [0, 4096],
      series: [{ id: 'qdma', protocol: 'elan4-qdma', operation: 'send' }, { id: 'ib', protocol: 'ib-verbs', operation: 'rdma-write' }] },
  };
  await emulator.open(linkV1(scenario));
  await expect(page.getByTestId('cluster-region-infiniband')).toHaveText('InfiniBand 4X (the same nodes)');
  await expect(page.getByTestId('cluster-region-main')).toHaveText('QsNetII');
  await expect(page.locator('[data-testid^="component-hca"]')).toHaveCount(8);
  await expect(page.locator('[data-testid^="component-elan4-"]')).toHaveCount(8);
  await expect(page.getByText(/InfiniScale 4X cut-through switch \(InfiniHost NICs\) below/)).toBeVisible();
  await expect(page.getByText(/2 rails/)).toHaveCount(0);
  await emulator.finishedFingerprint();
  await expect(emulator.errorBanner).toHaveCount(0);
  await page.screenshot({ path: 'test-results/qsnet2-with-infiniband.png', fullPage: true });
});
