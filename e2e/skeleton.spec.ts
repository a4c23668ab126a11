/** The walking skeleton's page: it plays, packets move, charts have points, links round-trip, bad links fail. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LZString from 'lz-string';
import { expect, test } from './fixtures';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('opens on the default scenario and finishes the run in the worker', async ({ emulator, page }) => {
  await emulator.open();
  await expect(page.getByText('Portals 3.3 and Tports ping-pong over QsNet (Elan3)').first()).toBeVisible();
  const fp = await emulator.finishedFingerprint();
  // The browser's wasm run is the same run as the native and Node ones.
  const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8'));
  expect(fp).toBe(golden['portals-qsnet-pingpong']);
  await expect(emulator.errorBanner).toHaveCount(0);
});

test('play advances simulated time and packets move on the cluster view', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await test.step('jump to the first ping and play at 1 simulated µs per second', async () => {
    await page.getByTestId('message-jump').selectOption({ index: 1 });
    await emulator.speed.selectOption({ label: '1 µs/s' });
  });
  const t0 = await emulator.simTimeUs();
  await emulator.playToggle.click();
  // Sample the packet canvas on every animation frame for 6 s: a packet crossing a link takes ~0.2 µs.
  const distinct = await emulator.cluster.locator('canvas').first().evaluate(
    (c: HTMLCanvasElement) =>
      new Promise<number>((resolve) => {
        const seen = new Set<string>();
        const start = performance.now();
        const frame = () => {
          const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let h = 2166136261;
          for (let i = 0; i < d.length; i += 4) h = Math.imul(h ^ d[i] ^ (d[i + 1] << 8) ^ (d[i + 2] << 16) ^ (d[i + 3] << 24), 16777619);
          seen.add(String(h >>> 0));
          if (performance.now() - start < 6000) requestAnimationFrame(frame);
          else resolve(seen.size);
        };
        requestAnimationFrame(frame);
      }),
  );
  await emulator.playToggle.click();
  expect(await emulator.simTimeUs()).toBeGreaterThan(t0);
  expect(distinct).toBeGreaterThan(5); // the packet layer was redrawn with packets in new places
});

test('step forward moves the time cursor to the next record', async ({ emulator }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  const before = await emulator.simTimeUs();
  await emulator.stepForward.click();
  await emulator.stepForward.click();
  await expect.poll(() => emulator.simTimeUs()).toBeGreaterThan(before);
});

test('the node inspector shows the NIC and host state of the selected node', async ({ emulator }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  await expect(emulator.inspector).toContainText(/input queue/i);
  await expect(emulator.inspector).toContainText(/thread/i);
  await expect(emulator.inspector).toContainText(/PCI/);
});

test('latency and bandwidth charts have the simulated points and the paper points', async ({ emulator }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  // 3 series x 25 sizes on the latency chart (plus the paper's points).
  await expect.poll(() => emulator.latencyChart.locator('circle').count()).toBeGreaterThanOrEqual(75);
  await expect.poll(() => emulator.bandwidthChart.locator('circle').count()).toBeGreaterThanOrEqual(72);
  await expect(emulator.latencyChart.locator('svg').first()).toBeVisible();
  await expect(emulator.page.getByTestId('latency-chart-legend-paper')).toHaveText('paper (seed 002)');
});

test('a scenario with no published points has no "paper" entry in its chart legends', async ({ emulator, page }) => {
  await emulator.open('#scenario=qsnet-256-half-shift');
  await emulator.finishedFingerprint();
  await expect.poll(() => emulator.latencyChart.locator('circle').count()).toBeGreaterThan(0);
  await expect(emulator.latencyChart.locator('path.reference-point')).toHaveCount(0);
  await expect(page.getByTestId('latency-chart-legend-paper')).toHaveCount(0);
  await expect(page.getByTestId('bandwidth-chart-legend-paper')).toHaveCount(0);
  // Published points of no seed paper (OSU's InfiniHost figures) are "published", their source in the tooltip.
  await emulator.open('#scenario=ib-verbs-pingpong');
  await emulator.finishedFingerprint();
  await expect(page.getByTestId('latency-chart-legend-paper')).toHaveText('published');
  await expect(page.getByTestId('latency-chart-legend-paper')).toHaveAttribute('title', /^OSU's VAPI-level figures/);
});

test('copy link, open it: the same scenario gives the same fingerprint', async ({ emulator, page, context }) => {
  await emulator.open();
  const fp = await emulator.finishedFingerprint();
  await emulator.copyLink.click();
  await expect.poll(() => page.url()).toMatch(/#s=4\.[0-9a-f]{8}\./);
  const url = page.url();
  const fresh = await context.newPage();
  const other = new (emulator.constructor as typeof import('./fixtures').EmulatorPage)(fresh);
  await fresh.goto(url);
  expect(await other.finishedFingerprint()).toBe(fp);
  await expect(other.errorBanner).toHaveCount(0);
});

test('a link carrying a changed parameter reruns with another fingerprint', async ({ emulator }) => {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8'));
  scenario.workload.sizes_bytes = [0, 1024];
  const base = `#s=1.${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;
  scenario.parameters = { 'pci.clock_MHz': 133 };
  const faster = `#s=1.${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;
  await emulator.open(base);
  const a = await emulator.finishedFingerprint();
  await emulator.open(faster);
  const b = await emulator.finishedFingerprint();
  expect(b).not.toBe(a);
  await expect(emulator.errorBanner).toHaveCount(0);
});

test('a link whose scenario breaks the schema names the field', async ({ emulator }) => {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8'));
  scenario.cluster.nodes = 5000;   // above every fabric's bound (QsNetII: 4096): the schema refuses it
  await emulator.open(`#s=1.${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`);
  await expect(emulator.errorBanner).toBeVisible();
  await expect(emulator.errorBanner).toContainText('/cluster/nodes');
  // Within the schema but above this fabric's own bound (QsNet: 1024): the core refuses it, naming the field too.
  scenario.cluster.nodes = 4096;
  await emulator.open(`#s=1.${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`);
  await expect(emulator.errorBanner).toContainText('cluster.nodes: 4096 is outside [2, 1024]');
});

test('a tampered link shows a readable error and the default scenario still runs', async ({ emulator }) => {
  await emulator.open('#s=1.N4IgLgpgTgxg9gOwM4gFwG0C6Q-tampered!!');
  await expect(emulator.errorBanner).toBeVisible();
  await expect(emulator.errorBanner).toContainText(/link/i);
  expect(await emulator.finishedFingerprint()).toMatch(/^[0-9a-f]{16}$/);
});

test('a link of an unknown version is refused with a message', async ({ emulator }) => {
  await emulator.open('#s=99.abc');
  await expect(emulator.errorBanner).toBeVisible();
  await expect(emulator.errorBanner).toContainText(/version/i);
});
