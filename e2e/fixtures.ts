/** Page object for the emulator page, injected as a fixture (after tldraw's e2e and Playwright's POM guide). */
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export class EmulatorPage {
  readonly cluster: Locator;
  readonly playToggle: Locator;
  readonly stepForward: Locator;
  readonly speed: Locator;
  readonly simTime: Locator;
  readonly inspector: Locator;
  readonly latencyChart: Locator;
  readonly bandwidthChart: Locator;
  readonly copyLink: Locator;
  readonly fingerprint: Locator;
  readonly errorBanner: Locator;
  readonly stepBack: Locator;
  readonly editor: Locator;
  readonly sequenceChart: Locator;
  readonly timeline: Locator;
  readonly exportTrace: Locator;

  constructor(readonly page: Page) {
    const id = (t: string) => page.getByTestId(t);
    this.cluster = id('cluster-view');
    this.playToggle = id('play-toggle');
    this.stepForward = id('step-forward');
    this.speed = id('speed');
    this.simTime = id('sim-time');
    this.inspector = id('node-inspector');
    this.latencyChart = id('latency-chart');
    this.bandwidthChart = id('bandwidth-chart');
    this.copyLink = id('copy-link');
    this.fingerprint = id('fingerprint');
    this.errorBanner = id('error-banner');
    this.stepBack = id('step-back');
    this.editor = id('scenario-editor');
    this.sequenceChart = id('sequence-chart');
    this.timeline = id('timeline');
    this.exportTrace = id('export-trace');
  }

  /** Opens a panel (editor, sequence, timeline, export) if it is closed. */
  async showPanel(panel: 'editor' | 'sequence' | 'timeline' | 'export'): Promise<void> {
    const toggle = this.page.getByTestId(`toggle-${panel}`);
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }

  /** A model-parameter field of the scenario editor, by registry name. */
  parameter(name: string): Locator {
    return this.page.getByTestId(`param-${name}`);
  }

  async open(hash = ''): Promise<void> {
    await this.page.goto(`/${hash}`);
    await expect(this.cluster).toBeVisible();
  }

  /** Waits until the run has finished (the fingerprint is shown) and returns it. */
  async finishedFingerprint(): Promise<string> {
    await expect(this.fingerprint).toHaveText(/[0-9a-f]{16}/, { timeout: 45_000 });
    return ((await this.fingerprint.textContent()) ?? '').match(/[0-9a-f]{16}/)![0];
  }

  /** Simulated time shown, in µs. */
  async simTimeUs(): Promise<number> {
    const text = (await this.simTime.textContent()) ?? '';
    const m = text.replace(/,/g, '').match(/-?\d+(\.\d+)?/);
    return m ? Number(m[0]) : NaN;
  }

  /** A hash of the packet canvas's pixels (changes when packets move). */
  async canvasSignature(): Promise<string> {
    return this.cluster.locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let h = 2166136261;
      let lit = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] !== 0) lit++;
        h = Math.imul(h ^ d[i] ^ (d[i + 1] << 8) ^ (d[i + 2] << 16) ^ (d[i + 3] << 24), 16777619);
      }
      return `${lit}:${h >>> 0}`;
    });
  }
}

export const test = base.extend<{ emulator: EmulatorPage }>({
  emulator: async ({ page }, use) => {
    // Every spec but the first-visit one sees the page as a returning visitor (the introduction dismissed before).
    await page.addInitScript(() => window.localStorage.setItem('hpcsim.firstVisit.dismissed', '1'));
    await use(new EmulatorPage(page));
  },
});
export { expect };
