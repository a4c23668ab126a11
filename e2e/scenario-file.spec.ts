/**
 * Scenario files in the page: Export saves the scenario as the JSON the CLI runs; Open file (the header) runs a file
 * edited from it, and the address becomes its share link; a file that is not JSON, breaks a schema rule or a rule
 * only the core knows is refused in the banner with its name and the field, and the page keeps its scenario.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkV1, smallScenario } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('Export saves the scenario file; Open file runs it edited, and refuses bad files keeping the scenario', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  const first = await emulator.finishedFingerprint();
  await emulator.showPanel('export');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-scenario').click()]);
  expect(download.suggestedFilename()).toBe('portals-qsnet-pingpong.json');
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(saved).toEqual(smallScenario());

  const title = page.getByTestId('scenario-title');
  const open = (name: string, text: string) =>
    page.getByTestId('open-file-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

  await test.step('a file edited from the saved one runs, and the address is its share link', async () => {
    const edited = { ...saved, id: 'my-pingpong', title: 'My ping-pong, 0 B and 64 KiB', workload: { ...saved.workload, sizes_bytes: [0, 65536] } };
    await open('my-pingpong.json', JSON.stringify(edited, null, 2));
    await expect(title).toContainText('My ping-pong, 0 B and 64 KiB');
    await expect(page.getByTestId('file-badge')).toBeVisible();
    const fingerprint = await emulator.finishedFingerprint();
    expect(fingerprint).not.toBe(first);
    expect(new URL(page.url()).hash).toMatch(/^#s=\d+\./);
  });

  await test.step('not JSON, a schema rule, a core rule: each refused, the scenario kept', async () => {
    await open('broken.json', '{"format": "hpc-interconnect-scenario", oops');
    await expect(emulator.errorBanner).toContainText('broken.json: not JSON (');
    await expect(emulator.errorBanner).toContainText('The page keeps the scenario it had.');
    await open('wrong-type.json', JSON.stringify({ ...saved, cluster: { ...saved.cluster, nodes: 'eight' } }));
    await expect(emulator.errorBanner).toContainText('wrong-type.json: /cluster/nodes: must be integer');
    const btio = JSON.parse(readFileSync(join(ROOT, 'scenarios/pvfs2-btio.json'), 'utf8'));
    await open('small-btio.json', JSON.stringify({ ...btio, cluster: { ...btio.cluster, nodes: 3 } }));
    await expect(emulator.errorBanner).toContainText('small-btio.json: the simulator refuses it: workload.clients');
    await expect(title).toContainText('My ping-pong, 0 B and 64 KiB');
    await expect(page.getByTestId('file-badge')).toBeVisible();
  });
});

test('a scenario file dropped on the page runs', async ({ emulator, page }) => {
  await emulator.open();
  await emulator.finishedFingerprint();
  const scenario = { ...smallScenario([0, 1024]), id: 'dropped', title: 'Dropped ping-pong' };
  const dataTransfer = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    return d;
  }, JSON.stringify(scenario));
  await page.dispatchEvent('[data-testid="cluster-view"]', 'drop', { dataTransfer });
  await expect(page.getByTestId('scenario-title')).toContainText('Dropped ping-pong');
  await expect(page.getByTestId('file-badge')).toBeVisible();
  await emulator.finishedFingerprint();
});
