/** Export: Perfetto trace-event JSON, series and tables CSV, chart SVG. */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { linkV1, smallScenario } from './explorerLinks';

test('exports the run as Perfetto JSON, CSV and SVG files', async ({ emulator, page }) => {
  await emulator.open(linkV1(smallScenario()));
  await emulator.finishedFingerprint();
  await emulator.showPanel('export');
  const save = async (testId: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  };
  await test.step('Perfetto trace', async () => {
    const { name, text } = await save('export-trace');
    expect(name).toMatch(/\.perfetto\.json$/);
    const trace = JSON.parse(text);
    expect(trace.displayTimeUnit).toBe('ns');
    const x = trace.traceEvents.filter((e: { ph: string }) => e.ph === 'X');
    expect(x.some((e: { cat: string }) => e.cat === 'packet')).toBe(true);
    expect(x.some((e: { cat: string }) => e.cat === 'pci')).toBe(true);
    expect(trace.traceEvents.some((e: { ph: string }) => e.ph === 'C')).toBe(true);
    for (const e of trace.traceEvents.slice(0, 500)) expect(e).toEqual(expect.objectContaining({ ph: expect.any(String), ts: expect.any(Number) }));
  });
  await test.step('CSV of series and tables', async () => {
    const series = await save('export-series-csv');
    expect(series.text.split('\n')[0]).toBe('series,label,bytes,latency_us,bandwidth_MBps');
    expect(series.text).toContain('portals-put');
    const tables = await save('export-tables-csv');
    expect(tables.text.split('\n')[0]).toBe('table,unit,row,column,value');
  });
  await test.step('chart as SVG', async () => {
    const svg = await save('export-svg');
    expect(svg.name).toMatch(/latency-chart\.svg$/);
    expect(svg.text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});

test('the chart menu lists the charts the page shows: a PVFS2 run has no latency chart, the event chain once opened', async ({ emulator, page }) => {
  await emulator.open('#scenario=pvfs2-elan4-listio');
  await emulator.finishedFingerprint();
  await emulator.showPanel('export');
  const menu = page.getByTestId('export-chart');
  const options = () => menu.locator('option').allTextContents();
  await expect.poll(options).toEqual(['sequence chart', 'timeline', 'cluster (topology, without packets)']);
  // The chain view draws a chain once a message is picked (before, only its legend's swatches are SVG).
  await page.getByTestId('toggle-chain').click();
  await menu.focus();
  await expect.poll(options).not.toContain('event chain');
  const message = page.getByTestId('chain-message-select');
  await message.focus();
  await message.selectOption({ index: 1 });
  await expect(page.locator('svg.chain-svg')).toBeVisible();
  await menu.focus();
  await expect.poll(options).toContain('event chain');
  await menu.selectOption({ label: 'event chain' });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
  expect(download.suggestedFilename()).toBe('pvfs2-elan4-listio-event-chain-view.svg');
  expect(readFileSync((await download.path())!, 'utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  // Closed again, it leaves the menu at once the menu is next opened.
  await page.getByTestId('toggle-chain').click();
  await menu.focus();
  await expect.poll(options).not.toContain('event chain');
});
