/**
 * The page's Content-Security-Policy (issue 12 item 4): the built page declares `script-src 'self'
 * 'wasm-unsafe-eval'` and has no inline script; a default run and playback raise no CSP violation; scenario text
 * (title, series labels, walkthrough titles) reaches the page as text, never as HTML.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkV1, smallScenario } from './explorerLinks';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

test('the built page declares script-src \'self\' \'wasm-unsafe-eval\' and has no inline script', () => {
  const html = readFileSync(join(ROOT, 'dist/index.html'), 'utf8');
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html);
  expect(csp, 'a CSP meta tag in dist/index.html').toBeTruthy();
  expect(csp![1]).toContain("script-src 'self' 'wasm-unsafe-eval'");
  for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
    expect(tag, 'every script is loaded from a file').toMatch(/\ssrc="/);
    expect(tag.replace(/<script\b[^>]*>|<\/script>/g, '').trim()).toBe('');
  }
});

test('a run and its playback raise no CSP violation; scenario text is shown as text, never run as HTML', async ({ emulator, page }) => {
  await page.addInitScript(() => {
    (window as any).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const scenario = smallScenario();
  scenario.title = `Hostile ${payload}`;
  scenario.workload.series[0].label = `PUT ${payload}`;
  await emulator.open(linkV1(scenario));
  await emulator.finishedFingerprint();
  await expect(page.getByText(`Hostile ${payload}`).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await emulator.playToggle.click();
  await page.waitForTimeout(1000);
  await emulator.playToggle.click();
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
});
