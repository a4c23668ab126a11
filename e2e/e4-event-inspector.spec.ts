/**
 * Elan4 event inspector (seed 001 "Chained Event"; REFERENCES §1.2.4): on an Open MPI RDMA-write scenario, node 0's
 * Elan4 events go from primed to fired as the time cursor moves, and a fired event lists the actions it ran
 * (COPY of a chained DMA, WRITE of a done word).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkV1 } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHOTS = join(ROOT, 'test-results', 'e4-event-inspector');

const DEMO = {
  format: 'hpc-interconnect-scenario', version: 1, id: 'e4-events-demo',
  cluster: { fabric: 'qsnet2', nodes: 16 },
  workload: {
    kind: 'pingpong', initiator: 0, target: 5, sizes_bytes: [0, 4096],
    series: [{ id: 'ompi-rdma-write', protocol: 'ompi', operation: 'rdma-write' }],
  },
};

test('Elan4 events are primed, counted and fired with their actions as the cursor moves', async ({ emulator, page }) => {
  await emulator.open(linkV1(DEMO));
  await emulator.finishedFingerprint();
  const inspector = page.getByTestId('e4-event-inspector');
  await expect(inspector).toBeVisible();
  await page.getByTestId('component-host0').click();
  await page.keyboard.press('Home');
  await expect(inspector).toContainText('node 0');

  const states = new Set<string>();
  let copyAction = false;
  for (let i = 0; i < 120 && !(states.has('primed') && states.has('fired') && copyAction); i++) {
    await page.keyboard.press('Shift+ArrowRight');
    const entries = inspector.getByTestId('e4-events-entry');
    for (const s of await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-state') ?? ''))) states.add(s);
    if (!copyAction) copyAction = (await inspector.textContent())?.includes('COPY (chained DMA)') ?? false;
  }
  expect([...states]).toEqual(expect.arrayContaining(['primed', 'fired']));
  expect(copyAction, 'a fired event that ran a chained DMA').toBe(true);
  await inspector.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'events.png') });
});
