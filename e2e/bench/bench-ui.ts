/**
 * `npm run bench:ui`: frame times of the page while it animates packets, in Debian's Chromium (headless).
 * Serves dist/ with `vite preview` on a free port, then for each case opens the page, plays from the busiest
 * moment of the trace at a speed that keeps the packets-in-flight count near its peak for the whole recording
 * (e2e/bench/packetDensity.ts), records requestAnimationFrame intervals for 5 s, and prints p50 / p95 / p99
 * frame time (ms), FPS, the canvas's `data-packets` (packets drawn) per frame and its `data-paint-ms` (the packet
 * layer's own JavaScript time per frame, p50/p95, which separates the packet layer from the rest of the frame: page,
 * compositor and the machine's load). Prints figures; never fails
 * on speed. Cases: (a) the default scenario, (b) scenarios/qsnet-256-half-shift.json as a share link,
 * (c) the same 256-node half-shift at 1024 nodes (a share link; more links, so more packets at once),
 * (d) scenarios/ompi-elan4-64-alltoall.json (MPI_Alltoall on 64 Elan4 nodes: every NIC sends at once; 3.8 M events),
 * (e) scenarios/ompi-elan4-256-exchange.json (MPI_Sendrecv between node i and i + 128 on 256 Elan4 nodes, both ways at
 * once: when the first packets leave together all 2,048 directed links of the fat tree carry one; 0.9 M events),
 * (f) the same exchange at QsNetII's full 4,096 nodes, one series (18,432 components, drawn on a canvas; 9.4 M events),
 * (g) playing while the core computes (e2e/bench/computingFrames.ts): four shipped scenarios, Play pressed at their
 * first packet record, frame intervals, long tasks and the first packet drawn until the run finishes.
 * (p) the critical path's analysis time in the page (e2e/bench/criticalPathTime.ts): three messages of a 1 M-record trace.
 * (s) a 16-value parameter study of the default scenario in the page (e2e/bench/studyTime.ts) against one run's time.
 * (r) runs whose workload has parts (the NAS campaign, BT-IO) on one worker and on all (e2e/bench/partsTime.ts).
 * BENCH_ONLY=bc runs only the named cases. BENCH_DIST=<dir> serves another build of the page than dist/ (e.g. one
 * built from an earlier commit with `vite build --outDir`), for before/after figures on one machine.
 * First, the cold load (a new browser context each time, so nothing cached) of the default page and of case (b) as
 * a share link: ms from navigation start to the page being ready to play (Play enabled and the trace holding a packet
 * record: the core loaded and the run's first batch arrived), to
 * the first frame after Play whose time cursor has moved, and to the first frame that draws a packet (median of 3;
 * Play is pressed by the page's own script the moment it is enabled), and what that load fetched, by kind, in kB of
 * brotli (e2e/bench/firstLoadBytes.ts: the JS and wasm budgets of issue 12).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import LZString from 'lz-string';
import { chromium } from 'playwright-core';
import { ROOT } from '../../core-wasm/cli/engines.ts';
import { fetchedBytes } from './firstLoadBytes.ts';
import { packetDensity } from './packetDensity.ts';
import { COMPUTING_SCENARIOS, whileComputing } from './computingFrames.ts';
import { READY_TO_PLAY } from './readyToPlay.ts';
import { criticalPathTimes } from './criticalPathTime.ts';
import { studyTimes } from './studyTime.ts';
import { partsTimes } from './partsTime.ts';

const RECORD_MS = 5000;

/**
 * Runs in the page: requestAnimationFrame intervals (ms) and the canvas's packets drawn per frame for RECORD_MS.
 * A plain string, so the bundler's helpers (tsx's `__name`) never reach the page.
 */
const RECORDER = `new Promise((resolve) => {
  const canvas = document.querySelector('[data-testid="packet-canvas"]');
  const frames = [];
  const drawn = [];
  const paint = [];
  let last = performance.now();
  const t0 = last;
  const tick = (now) => {
    frames.push(now - last);
    last = now;
    drawn.push(Number(canvas?.dataset.packets ?? 0));
    paint.push(Number(canvas?.dataset.paintMs ?? 0));
    if (now - t0 < RECORD_MS) requestAnimationFrame(tick);
    else resolve({ frames: frames.slice(1), drawn, paint });
  };
  requestAnimationFrame(tick);
})`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, timeout_ms: number): Promise<void> {
  const until = Date.now() + timeout_ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeout_ms} ms`);
}

/**
 * Runs in the page: waits for the Play button to be enabled, presses it, and resolves with ms since navigation start
 * at that moment, at the first frame whose time cursor moved, and at the first frame with a packet drawn.
 */
const COLD_LOAD = `new Promise((resolve) => {
  const out = { ready: 0, moved: 0, packet: 0 };
  const wait = () => {
    if (!${READY_TO_PLAY}) return requestAnimationFrame(wait);
    const play = document.querySelector('[data-testid="play-toggle"]');
    const t0 = document.querySelector('[data-testid="sim-time"]')?.textContent;
    out.ready = performance.now();
    play.click();
    const frame = () => {
      const now = performance.now();
      if (!out.moved && document.querySelector('[data-testid="sim-time"]')?.textContent !== t0) out.moved = now;
      if (!out.packet && Number(document.querySelector('[data-testid="packet-canvas"]')?.dataset.packets ?? 0) > 0) out.packet = now;
      if ((out.moved && out.packet) || now > out.ready + 20000) resolve(out);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  wait();
})`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

interface Case {
  name: string;
  scenario: Record<string, any>;
}

function cases(): Case[] {
  const read = (f: string) => JSON.parse(readFileSync(join(ROOT, 'scenarios', f), 'utf8'));
  const big = read('qsnet-256-half-shift.json');
  const huge = structuredClone(big);
  huge.id = 'qsnet-1024-half-shift';
  huge.cluster.nodes = 1024;
  huge.workload.target = 512;
  huge.workload.sizes_bytes = [4096];
  const full = read('ompi-elan4-256-exchange.json');
  full.id = 'ompi-elan4-4096-exchange';
  full.cluster.nodes = 4096;
  full.workload.series = full.workload.series.slice(0, 1);
  const all = [
    { name: '(a) default scenario, 16 nodes', scenario: read('portals-qsnet-pingpong.json') },
    { name: '(b) qsnet-256-half-shift, 256 nodes', scenario: big },
    { name: '(c) half-shift at 1024 nodes, 4 KiB', scenario: huge },
    { name: '(d) ompi-elan4-64-alltoall, 64 nodes', scenario: read('ompi-elan4-64-alltoall.json') },
    { name: '(e) ompi-elan4-256-exchange, 256 nodes', scenario: read('ompi-elan4-256-exchange.json') },
    { name: '(f) exchange at 4096 nodes', scenario: full },
  ];
  const only = process.env.BENCH_ONLY; // e.g. "bc": run only cases (b) and (c)
  return only ? all.filter((c) => only.includes(c.name[1])) : all;
}

async function main(): Promise<void> {
  const port = await freePort();
  const dist = process.env.BENCH_DIST ? ['--outDir', process.env.BENCH_DIST] : [];
  const server = spawn('npx', ['vite', 'preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort', ...dist], {
    cwd: ROOT, stdio: 'ignore', detached: true,
  });
  const base = `http://127.0.0.1:${port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await waitForHttp(base, 60_000);
    const only = process.env.BENCH_ONLY;
    if (!only || only.includes('g')) {
      console.log('\n(g) playing while the core computes, 1280×800 (median of 3; ms)');
      console.log('scenario'.padEnd(40), 'frame p50', 'p95', '  max', 'long tasks', 'longest', 'click to packet');
      for (const id of COMPUTING_SCENARIOS) {
        const s = await whileComputing(browser, base, id);
        console.log(
          id.padEnd(40), s.framesP50.toFixed(0).padStart(9), s.framesP95.toFixed(0).padStart(5), s.framesMax.toFixed(0).padStart(5),
          String(s.longTasks).padStart(10), s.longestTask.toFixed(0).padStart(7), s.clickToPacket.toFixed(0).padStart(15),
        );
      }
    }
    if (!only || only.includes('p')) {
      const times = await criticalPathTimes(browser, base);
      console.log(`\n(p) critical path in the page: the default scenario at 4 iterations, ${times.records} trace records (ms per message)`);
      for (const r of times.rows) console.log(`message ${r.message.padStart(5)}  ${r.segments.padStart(5)} segments  ${r.ms.toFixed(1).padStart(7)} ms`);
    }
    if (!only || only.includes('s')) {
      const s = await studyTimes(browser, base);
      const ideal = (16 * s.one) / Math.min(s.workers, 16);
      console.log(`\n(s) parameter study in the page: 1 run ${s.one.toFixed(0)} ms; 16 runs on ${s.workers} workers ${s.sixteen.toFixed(0)} ms = ${(s.sixteen / ideal).toFixed(2)} × (16 runs ÷ workers)`);
    }
    if (!only || only.includes('r')) {
      console.log('\n(r) a run\'s parts on parallel workers in the page (selection to fingerprint, one sample each; s)');
      for (const r of await partsTimes(browser, base)) {
        const ways = Math.min(r.workers, r.parts);
        console.log(
          `${r.id.padEnd(20)} 1 worker ${(r.serial / 1000).toFixed(1)} s, ${r.workers} workers ${(r.parallel / 1000).toFixed(1)} s = ` +
            `${(r.parallel / (r.serial / ways)).toFixed(2)} × (serial ÷ ${ways}); fingerprints ${r.same ? 'identical' : 'DIFFERENT'}`,
        );
      }
    }
    if (only && !/[a-f]/.test(only)) return;
    const densities = new Map<string, Awaited<ReturnType<typeof packetDensity>>>();
    for (const c of cases()) densities.set(c.name, await packetDensity(JSON.stringify(c.scenario)));
    console.log('\ncold load, 1280×800 (ms from navigation start; median of 3)');
    console.log('case'.padEnd(40), 'ready to play', 'first moving frame', 'first packet drawn');
    const loads: { name: string; bytes: ReturnType<typeof fetchedBytes> }[] = [];
    for (const c of cases().filter((x) => x.name.startsWith('(a)') || x.name.startsWith('(b)'))) {
      const samples: { ready: number; moved: number; packet: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const fetched: string[] = [];
        page.on('request', (r) => fetched.push(r.url()));
        const hash = c.name.startsWith('(a)') ? '' : `#s=3.${LZString.compressToEncodedURIComponent(JSON.stringify({ scenario: c.scenario }))}`;
        await page.goto(base + hash, { waitUntil: 'commit' });
        samples.push((await page.evaluate(COLD_LOAD)) as { ready: number; moved: number; packet: number });
        if (i === 0) loads.push({ name: c.name, bytes: fetchedBytes(fetched, base, join(ROOT, 'dist')) });
        await context.close();
      }
      const median = (k: 'ready' | 'moved' | 'packet') => [...samples.map((s) => s[k])].sort((a, b) => a - b)[1];
      console.log(c.name.padEnd(40), median('ready').toFixed(0).padStart(13), median('moved').toFixed(0).padStart(18), (median('packet') || NaN).toFixed(0).padStart(18));
    }
    console.log('\nfetched by that cold load until the first packet was drawn (kB brotli at quality 11, files)');
    for (const l of loads)
      console.log(l.name.padEnd(40), Object.entries(l.bytes).map(([k, v]) => `${k} ${(v.brotli / 1000).toFixed(1)} (${v.files})`).join(', '));
    for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
      console.log(`\nviewport ${viewport.width}×${viewport.height}`);
      console.log('case'.padEnd(40), 'peak', 'speed µs/s'.padStart(11), 'drawn min/med/max'.padStart(19), 'p50 ms', 'p95 ms', 'p99 ms', '   FPS', 'packet layer p50/p95 ms');
      for (const c of cases()) {
        const density = densities.get(c.name)!;
        // Play through the dense window in the 5 s recording (at least 0.001 µs/s).
        const speed = Math.max(0.001, (density.to_ps - density.from_ps) / 1e6 / (RECORD_MS / 1000));
        const view = { node: null, time_ps: Math.round(density.from_ps), speed_us_per_s: Number(speed.toPrecision(3)), panels: [] };
        const hash = `#s=3.${LZString.compressToEncodedURIComponent(JSON.stringify({ scenario: c.scenario, view }))}`;
        const page = await browser.newPage({ viewport });
        await page.goto(base + hash);
        await page.getByTestId('fingerprint').filter({ hasText: /[0-9a-f]{16}/ }).waitFor({ timeout: 180_000 });
        await page.waitForTimeout(300);
        await page.getByTestId('play-toggle').click();
        const sample = (await page.evaluate(RECORDER.replace('RECORD_MS', String(RECORD_MS)))) as { frames: number[]; drawn: number[]; paint: number[] };
        await page.close();
        const f = [...sample.frames].sort((a, b) => a - b);
        const d = [...sample.drawn].sort((a, b) => a - b);
        const pl = [...sample.paint].sort((a, b) => a - b);
        const fps = (1000 * f.length) / f.reduce((s, x) => s + x, 0);
        console.log(
          c.name.padEnd(40), String(density.peak).padStart(4), view.speed_us_per_s.toPrecision(3).padStart(11),
          `${d[0]}/${percentile(d, 50)}/${d[d.length - 1]}`.padStart(19),
          percentile(f, 50).toFixed(1).padStart(6), percentile(f, 95).toFixed(1).padStart(6), percentile(f, 99).toFixed(1).padStart(6),
          fps.toFixed(1).padStart(6),
          `${percentile(pl, 50).toFixed(2)}/${percentile(pl, 95).toFixed(2)}`.padStart(23),
        );
      }
    }
    console.log('\npeak = most packet records (kinds 1–5) in flight at one time in the trace; drawn = canvas data-packets per frame;');
    console.log('packet layer = JavaScript time of the packet canvas per frame (canvas data-paint-ms: find, place and draw the packets).');
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
