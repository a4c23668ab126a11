/**
 * Playing while the core computes (bench-ui.ts, case (g)): a shipped scenario opened by its short link, Play pressed
 * by the page's own script as soon as the trace holds a packet record (the run still computing in the worker), then
 * until the run finishes (at most 10 s): the animation-frame intervals (p50, p95 and the longest, ms), the main
 * thread's long tasks (over 50 ms: count and longest, ms), and ms from the click to the first frame that draws a
 * packet. What a user who presses Play at once sees: the page ingests the trace batches (trace/traceStore.ts) and
 * re-renders the views over the growing trace while it animates.
 */
import type { Browser } from 'playwright-core';
import { READY_TO_PLAY } from './readyToPlay.ts';

/** The scenarios measured: two-node sweeps with long traces, the default, BT-IO and the 256-node half-shift. */
export const COMPUTING_SCENARIOS = ['ompi-elan4-progress', 'portals-qsnet-pingpong', 'pvfs2-btio', 'qsnet-256-half-shift'];

export interface ComputingSample {
  framesP50: number;
  framesP95: number;
  framesMax: number;
  longTasks: number;
  longestTask: number;
  clickToPacket: number;
}

/**
 * Runs in the page: waits for a packet record, clicks Play, records frames until the run is no longer running.
 * A plain string, so the bundler's helpers (tsx's `__name`) never reach the page.
 */
const WHILE_COMPUTING = `new Promise((resolve) => {
  const tasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); }).observe({ type: 'longtask' });
  const wait = () => {
    if (!${READY_TO_PLAY}) return requestAnimationFrame(wait);
    const clicked = performance.now();
    document.querySelector('[data-testid="play-toggle"]').click();
    const frames = [];
    let packet = -1;
    let last = clicked;
    const frame = (now) => {
      frames.push(now - last);
      last = now;
      if (packet < 0 && Number(document.querySelector('[data-testid="packet-canvas"]')?.dataset.packets ?? 0) > 0) packet = performance.now() - clicked;
      const running = document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') === 'running';
      if (running && now - clicked < 10000) return requestAnimationFrame(frame);
      const f = frames.slice(1).sort((a, b) => a - b);
      const at = (p) => f[Math.min(f.length - 1, Math.floor(p * f.length))] ?? 0;
      resolve({ framesP50: at(0.5), framesP95: at(0.95), framesMax: f[f.length - 1] ?? 0,
        longTasks: tasks.length, longestTask: Math.max(0, ...tasks), clickToPacket: packet });
    };
    requestAnimationFrame(frame);
  };
  wait();
})`;

/** Median over `repeats` fresh pages of each figure, for the shipped scenario `id`. */
export async function whileComputing(browser: Browser, base: string, id: string, repeats = 3): Promise<ComputingSample> {
  const samples: ComputingSample[] = [];
  for (let i = 0; i < repeats; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}#scenario=${id}`);
    samples.push((await page.evaluate(WHILE_COMPUTING)) as ComputingSample);
    await page.close();
  }
  const median = (k: keyof ComputingSample) => [...samples.map((s) => s[k])].sort((a, b) => a - b)[Math.floor(repeats / 2)];
  return {
    framesP50: median('framesP50'), framesP95: median('framesP95'), framesMax: median('framesMax'),
    longTasks: median('longTasks'), longestTask: median('longestTask'), clickToPacket: median('clickToPacket'),
  };
}
