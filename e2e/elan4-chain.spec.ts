/**
 * Elan4 (QsNetII) event chain: open an Open MPI RDMA write / read scenario as a share link, wait for the run,
 * open the event-chain view, pick a 4 KiB rendezvous message of ompi-rdma-write and step through its chain:
 * nodes light up in firing order; the chain has a chained DMA (event copy) marked NIC-only and nodes that need
 * the host. Also checks the cluster is labelled QsNetII / Elite4 / Elan4.
 */
import { expect, test } from './fixtures';
import { linkV1 } from './explorerLinks';

const CHAIN_DEMO = {
  format: 'hpc-interconnect-scenario', version: 1, id: 'chain-demo',
  cluster: { fabric: 'qsnet2', nodes: 16 },
  workload: {
    kind: 'pingpong', initiator: 0, target: 5, sizes_bytes: [0, 4096],
    series: [
      { id: 'ompi-rdma-write', protocol: 'ompi', operation: 'rdma-write' },
      { id: 'ompi-rdma-read', protocol: 'ompi', operation: 'rdma-read', progress: 'interrupt' },
    ],
  },
};

test('the event chain of a 4 KiB RDMA write lights up node by node; chained DMA is NIC-only', async ({ emulator, page }) => {
  await emulator.open(linkV1(CHAIN_DEMO));
  await emulator.finishedFingerprint();
  await expect(page.locator('[data-panel="cluster"] .panel-title')).toContainText('QsNetII fat tree of Elite4 switches');
  await expect(page.getByTestId('component-elan4-5')).toBeVisible();

  const toggle = page.getByTestId('toggle-chain');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const view = page.getByTestId('event-chain-view');
  await expect(view).toBeVisible();

  const select = view.getByTestId('chain-message-select');
  const options = await select.locator('option').allTextContents();
  const label = options.find((o) => /ompi-rdma-write · 4096 B/.test(o));
  expect(label, `a 4 KiB ompi-rdma-write message among ${options.length} options`).toBeTruthy();
  await select.selectOption({ label: label! });

  const nodes = view.getByTestId('chain-node');
  await expect.poll(() => nodes.count()).toBeGreaterThanOrEqual(10);
  const total = await nodes.count();
  const fired = view.locator('[data-testid="chain-node"][data-fired="true"]');
  await expect(fired).toHaveCount(0);

  // NIC-only chained DMA (an event copy starts it) and nodes that need the host.
  await expect(view.locator('[data-testid="chain-node"][data-type="copy"][data-needs-host="false"]').first()).toBeAttached();
  await expect(view.locator('[data-testid="chain-node"][data-chained="true"][data-needs-host="false"]').first()).toBeAttached();
  await expect(view.locator('[data-testid="chain-node"][data-needs-host="true"]').first()).toBeAttached();
  await expect(view.locator('[data-testid="chain-node"][data-type="dma"]', { hasText: 'RDMA' }).first()).toBeAttached();
  await expect(view.locator('[data-testid="chain-node"][data-type="dma"]', { hasText: 'FIN' }).first()).toBeAttached();
  await expect(view.getByTestId('chain-host-thread')).toHaveCount(2);

  // Step: the fired count grows and the fired nodes are always a prefix of the chain (firing order).
  let previous = 0;
  for (let step = 0; step < 8; step++) {
    await view.getByTestId('chain-next').click();
    await expect.poll(() => fired.count()).toBeGreaterThan(previous);
    const now = await fired.count();
    const flags = await nodes.evaluateAll((els) => els.map((e) => e.getAttribute('data-fired') === 'true'));
    expect(flags.slice(0, now).every(Boolean) && !flags.slice(now).some(Boolean), `prefix after step ${step + 1}`).toBe(true);
    previous = now;
    if (step === 3) await page.screenshot({ path: 'test-results/elan4-chain-page.png' });
  }
  expect(previous).toBeLessThan(total);
  await view.getByTestId('chain-prev').click();
  await expect.poll(() => fired.count()).toBeLessThan(previous);
  await view.screenshot({ path: 'test-results/elan4-chain-view.png' });
  for (let i = 0; i < total; i++) await view.getByTestId('chain-next').click();
  await expect(fired).toHaveCount(total);
  await view.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/elan4-chain-end.png', fullPage: true });

  // RDMA read with interrupt progress: an interrupt wakes a sleeping host thread (FIN_ACK chained to the RDMA).
  const read = options.find((o) => /ompi-rdma-read · 4096 B/.test(o))!;
  await select.selectOption({ label: read });
  await expect(view.locator('[data-testid="chain-node"][data-type="interrupt"]').first()).toBeAttached();
  await expect(view.locator('[data-testid="chain-node"][data-type="wake"][data-needs-host="true"]').first()).toBeAttached();
  await expect(view.locator('[data-testid="chain-node"][data-type="dma"]', { hasText: 'FIN_ACK' }).first()).toBeAttached();
  const wake = view.locator('[data-testid="chain-node"][data-type="wake"]').first();
  await wake.click();
  await expect(wake).toHaveAttribute('data-fired', 'true');
  await expect(view.locator('[data-testid="chain-host-thread"][data-state="waking"]')).toHaveCount(1);
  await view.screenshot({ path: 'test-results/elan4-chain-read.png' });
});

test('a two-rail Elan4 cluster draws each rail\'s PCI-X bus, Elan4 and Elite4 fat tree', async ({ emulator, page }) => {
  const scenario = structuredClone(CHAIN_DEMO) as Record<string, any>;
  scenario.cluster = { fabric: 'qsnet2', nic: 'elan4', nodes: 16, rails: 2 };
  scenario.workload.sizes_bytes = [0];
  scenario.workload.series = [CHAIN_DEMO.workload.series[0]];
  await emulator.open(linkV1(scenario));
  await emulator.finishedFingerprint();
  await expect(page.locator('[data-panel="cluster"] .panel-title')).toContainText('2 rails');
  const y = async (name: string) => (await page.getByTestId(`component-${name}`).boundingBox())!.y;
  const host = await y('host3');
  expect(await y('elan4-3r0')).toBeLessThan(host);
  expect(await y('elan4-3r1')).toBeGreaterThan(host);
  await expect(page.locator('[data-panel="cluster"] .component-switch')).toHaveCount(16);
  await page.locator('[data-panel="cluster"]').screenshot({ path: 'test-results/elan4-two-rails.png' });
});
