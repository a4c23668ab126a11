/**
 * Progress threads in the event-chain view (seed 001 "Thread-Based Progress"; ptl_elan's wait_queue and the elan4
 * driver): an Open MPI RDMA-read ping-pong with two progress threads draws, for each node, an application lane, a
 * receive-thread lane and a completion-thread lane; stepping the time cursor through a 4 KiB message shows a
 * thread polling, arming its interrupt cookie, asleep and being woken, and the completion thread delivering it.
 */
import { expect, test } from './fixtures';
import { linkV1 } from './explorerLinks';

const THREADS_DEMO = {
  format: 'hpc-interconnect-scenario', version: 1, id: 'threads-demo',
  cluster: { fabric: 'qsnet2', nic: 'elan4', nodes: 2 },
  workload: {
    kind: 'pingpong', initiator: 0, target: 1, sizes_bytes: [4096], warmup_iterations: 1, iterations: 2,
    series: [{ id: 'ompi-read-two-threads', protocol: 'ompi', operation: 'rdma-read', progress: 'two-threads' }],
  },
};

test('two progress threads: per-thread lanes poll, arm, sleep and wake along a 4 KiB message', async ({ emulator, page }) => {
  await emulator.open(linkV1(THREADS_DEMO));
  await emulator.finishedFingerprint();
  const toggle = page.getByTestId('toggle-chain');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const view = page.getByTestId('event-chain-view');
  await expect(view).toBeVisible();

  const select = view.getByTestId('chain-message-select');
  const options = await select.locator('option').allTextContents();
  const label = options.filter((o) => /4096 B/.test(o)).at(-1);
  expect(label, `a 4 KiB message among ${options.length} options`).toBeTruthy();
  await select.selectOption({ label: label! });

  const lanes = view.getByTestId('chain-host-thread');
  await expect(lanes).toHaveCount(6); // two nodes x (application, receive thread, completion thread)
  for (const node of ['0', '1'])
    for (const role of ['0', '1', '2']) await expect(view.locator(`[data-testid="chain-host-thread"][data-node="${node}"][data-role="${role}"]`)).toHaveCount(1);
  await expect(view.getByRole('img', { name: /host 1 completion thread/ })).toBeVisible();

  // Step the time cursor record by record (ArrowRight) from the chain's start: every state a thread enters is a
  // record, so each one is stepped on.
  await view.getByTestId('chain-start').click();
  const seen = new Set<string>();
  let shot = false;
  for (let i = 0; i < 300 && seen.size < 5; i++) {
    await page.keyboard.press('ArrowRight');
    for (const s of await lanes.evaluateAll((els) => els.filter((e) => e.getAttribute('data-role') !== '2').map((e) => e.getAttribute('data-state') ?? ''))) seen.add(s);
    if (seen.has('arming') && !shot) {
      shot = true;
      await view.screenshot({ path: 'test-results/elan4-threads-arming.png' });
    }
  }
  expect([...seen]).toEqual(expect.arrayContaining(['polling', 'arming', 'sleeping', 'waking', 'running']));
  await view.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/elan4-threads-page.png', fullPage: true });
});
