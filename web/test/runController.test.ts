/**
 * One run, many views: each RunController owns its worker, trace, state and message channel, so run A and run B of
 * the compare view are two instances of one class. Driven here through the real worker protocol (worker/simHost.ts)
 * on the Node build of the core, in-process.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import type { CoreBridge } from '../../core-wasm/js/coreBridge.ts';
import type { FromWorker, ToWorker } from '../../core-wasm/js/bridgeTypes.ts';
import { SimHost } from '../src/worker/simHost.ts';
import { RunController, type RunErrorPhase, type RunStatus, type SimWorker } from '../src/run/runController.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';

let core: CoreBridge;
before(async () => {
  core = await loadWasm();
});

const golden = JSON.parse(readFileSync(new URL('../../scenarios/fingerprints.json', import.meta.url), 'utf8')) as Record<string, string>;
const load = (id: string) => JSON.parse(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8')) as Scenario;
/** A small QsNet ping-pong (8 nodes, 2 sizes). */
const small: Scenario = {
  format: 'hpc-interconnect-scenario', version: 1, id: 'small',
  cluster: { fabric: 'qsnet', nodes: 8 },
  workload: { kind: 'pingpong', initiator: 0, target: 4, sizes_bytes: [0, 1024], series: [{ id: 'p', protocol: 'portals', operation: 'put' }] },
};

/** A worker running worker/simHost.ts in this process on the Node core; messages cross asynchronously, as in a real worker. */
function inProcessWorker(memoryBudgetBytes?: number): SimWorker & { received: ToWorker[]; terminated: boolean } {
  const w = {
    onmessage: null as SimWorker['onmessage'],
    onerror: null as SimWorker['onerror'],
    received: [] as ToWorker[],
    terminated: false,
    postMessage(m: ToWorker) {
      w.received.push(m);
      setTimeout(() => host.handle(m));
    },
    terminate() {
      w.terminated = true;
    },
  };
  const host = new SimHost({
    loadCore: async () => core,
    // Delivered even after terminate(): the controller itself must ignore a replaced worker.
    post: (m: FromWorker) => setTimeout(() => w.onmessage?.({ data: m } as MessageEvent<FromWorker>)),
    yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
    memoryBudgetBytes,
  });
  return w;
}

/** A run controller on in-process workers; `traceNotifyMs`: how often it tells the views of new trace records. */
function controller(id: string, traceNotifyMs = 100, memoryBudgetBytes?: number) {
  const workers: ReturnType<typeof inProcessWorker>[] = [];
  const run = new RunController({
    id, label: `Run ${id.toUpperCase()}`, qualifier: '', testSuffix: `-${id}`, traceNotifyMs,
    createWorker: () => {
      const w = inProcessWorker(memoryBudgetBytes);
      workers.push(w);
      return w;
    },
  });
  return { run, workers };
}

/** Resolves once `run` reaches one of `statuses`. */
function settled(run: RunController, statuses: RunStatus[] = ['finished', 'error', 'cancelled']): Promise<RunStatus> {
  return new Promise((resolve) => {
    if (statuses.includes(run.state().status)) return resolve(run.state().status);
    const stop = run.store.subscribe((s) => {
      if (!statuses.includes(s.status)) return;
      stop();
      resolve(s.status);
    });
  });
}

/** Trace records the core writes for `scenario` (what a run's trace store must end up holding). */
function recordCount(scenario: Scenario): number {
  let n = 0;
  core.runToEnd(JSON.stringify(scenario), 1 << 18, (b) => (n += b.n));
  return n;
}

test('two runs side by side keep their own worker, trace, state and result', async () => {
  const a = controller('a');
  const b = controller('b');
  const other = load('via-sci-pingpong');
  a.run.start(small, 1, 'core://node');
  b.run.start(other, 1, 'core://node');
  assert.deepEqual(a.workers[0].received[0], { type: 'start', scenarioText: JSON.stringify(small), wasmUrl: 'core://node' });
  assert.equal(await settled(a.run), 'finished');
  assert.equal(await settled(b.run), 'finished');

  const [sa, sb] = [a.run.state(), b.run.state()];
  assert.equal(sb.result?.fingerprint, golden['via-sci-pingpong']);
  assert.notEqual(sa.result?.fingerprint, sb.result?.fingerprint);
  assert.equal(a.run.trace.length, recordCount(small));
  assert.equal(b.run.trace.length, recordCount(other));
  assert.equal(sa.traceRecords, a.run.trace.length);
  assert.equal(sa.topology?.fabric, 'qsnet');
  assert.equal(sb.topology?.fabric, 'sci-ringlet');
  assert.equal(sa.scenario, small);
  assert.ok(sa.kindNames && sa.parameters.length > 0);
  assert.ok(sa.end_ps > 0 && sa.end_ps >= a.run.trace.end_ps);

  // Clearing run B leaves run A as it was.
  b.run.reset(2, { status: 'error', error: 'no such change' });
  assert.equal(b.run.trace.length, 0);
  assert.equal(b.run.state().error, 'no such change');
  assert.equal(b.workers[0].terminated, true);
  assert.equal(a.run.trace.length, recordCount(small));
  assert.equal(a.run.state().status, 'finished');
});

test('finishing keeps the topology object the run started with, so views keyed on it (layout, zoom) survive', async () => {
  const { run } = controller('a');
  const seen: unknown[] = [];
  const stop = run.store.subscribe((s) => {
    if (s.topology && seen.at(-1) !== s.topology) seen.push(s.topology);
  });
  run.start(small, 1, 'core://node');
  assert.equal(await settled(run), 'finished');
  stop();
  assert.equal(seen.length, 1, 'one topology object from the start of the run to its end');
  assert.equal(run.state().topology, seen[0]);
});

test('a finished run answers message requests from its own session until it is stopped', async () => {
  const { run } = controller('a');
  run.start(small, 1, 'core://node');
  await settled(run);
  const message = run.trace.message[run.trace.index.message.order[0]];
  assert.ok(message > 0);
  const json = await run.messages.request(message);
  assert.ok(json, 'the core describes the message');
  assert.equal((JSON.parse(json) as { message: number }).message, message);
  run.stop();
  assert.equal(await run.messages.request(message), null);
});

test('a new start replaces the running one: its worker ends and its late records never reach the new trace', async () => {
  const { run, workers } = controller('a');
  const big = load('portals-qsnet-pingpong');
  run.start(big, 1, 'core://node');
  run.start(small, 2, 'core://node');
  assert.equal(workers[0].terminated, true);
  assert.equal(await settled(run), 'finished');
  assert.equal(run.state().revision, 2);
  assert.equal(run.trace.length, recordCount(small));
});

test('a scenario the core refuses ends the run with the core\'s error, named by phase', async () => {
  const { run, workers } = controller('b');
  const heard: [string, RunErrorPhase][] = [];
  run.start({ ...small, cluster: { fabric: 'qsnet', nodes: 1 } }, 1, 'core://node', { error: (m, p) => heard.push([m, p]) });
  assert.equal(await settled(run), 'error');
  assert.match(run.state().error ?? '', /cluster\.nodes: 1 is outside \[2, 1024\]/);
  assert.equal(heard.length, 1);
  assert.equal(heard[0][1], 'create');
  assert.equal(workers[0].terminated, true);
});

test('trace growth reaches subscribers, at most once per notify interval while streaming, and once at the end', async () => {
  const { run } = controller('a');
  let changes = 0;
  const unsubscribe = run.subscribeTrace(() => changes++);
  run.start(load('portals-qsnet-pingpong'), 1, 'core://node');
  await settled(run);
  unsubscribe();
  // start's reset bumps once; batches then bump at least once (the forced bump at done).
  assert.ok(changes >= 2, `${changes} trace notifications`);
  assert.equal(run.state().traceRecords, run.trace.length);
});

test('while streaming, the views hear of trace batches in a task after the batch\'s (its ingestion and their render are two tasks); at the end, in the same task', async () => {
  // A run of many 40 ms slices (seed 001's progress scenario, about 0.6 s in wasm), so that trace batches stream before
  // the end on any machine: the default scenario, about 0.1 s since the radix heap, often fits in one or two slices.
  const { run, workers } = controller('a', 5);
  run.start(load('ompi-elan4-progress'), 1, 'core://node');
  const w = workers[0];
  const handler = w.onmessage!;
  let handling: string | null = null;
  w.onmessage = (e) => {
    handling = e.data.type;
    try {
      handler(e);
    } finally {
      handling = null;
    }
  };
  const during: (string | null)[] = [];
  const unsubscribe = run.subscribeTrace(() => during.push(handling));
  assert.equal(await settled(run), 'finished');
  unsubscribe();
  assert.ok(during.length >= 3, `${during.length} notifications: some while streaming, one at the end`);
  assert.deepEqual(during.filter((h) => h === 'trace' || h === 'progress'), [], 'none inside a trace or progress message');
  assert.equal(during.at(-1), 'done', 'the last one in the done message itself');
  assert.equal(run.state().traceRecords, run.trace.length);
});

test('Cancel stops a running run at once: its worker ends, the status is cancelled, later messages are ignored', async () => {
  const a = controller('a');
  a.run.start(load('qsnet-256-half-shift'), 1, 'core://node');
  await settled(a.run, ['running']);
  await new Promise<void>((resolve) => {
    const stop = a.run.store.subscribe((s) => {
      if (s.events > 0) { stop(); resolve(); }
    });
  });
  a.run.cancel();
  assert.equal(a.run.state().status, 'cancelled', 'cancelled in the same task as the click');
  assert.equal(a.workers[0].terminated, true);
  const records = a.run.trace.length;
  const version = a.run.state().traceVersion;
  await new Promise((resolve) => setTimeout(resolve, 200));   // the terminated worker's late posts
  // The views hear of the trace received so far in a task after the click's.
  assert.equal(a.run.state().traceRecords, records);
  assert.equal(a.run.state().traceVersion, version + 1);
  assert.equal(a.run.state().status, 'cancelled');
  assert.equal(a.run.trace.length, records);
  a.run.cancel();   // nothing left to cancel: no-op
  assert.equal(a.run.state().status, 'cancelled');
});

test('a run past its memory budget stops, bounded, with the figures of what finished and the trace so far', async () => {
  // A budget below the core's memory at start: the run stops after its first EVENTS_PER_CALL events.
  const { run } = controller('a', 100, 1);
  run.start(load('ompi-elan4-progress'), 1, 'core://node');
  assert.equal(await settled(run), 'finished');
  const result = run.state().result!;
  assert.equal(result.bounded?.reason, 'memory');
  assert.ok(result.bounded!.events > 0 && result.bounded!.events === run.state().events);
  assert.ok((result.bounded!.memory_mib ?? 0) > 0);
  assert.ok(run.trace.length > 0, 'the trace so far is kept');
});

test('a budget set on the controller (the page\'s test hook) goes with the next start and stops that run, bounded', async () => {
  const { run, workers } = controller('a');
  run.memoryBudgetMib = 1;  // below the core's memory at start
  run.start(load('ompi-elan4-progress'), 1, 'core://node');
  assert.deepEqual(workers[0].received[0], { type: 'start', scenarioText: JSON.stringify(load('ompi-elan4-progress')), wasmUrl: 'core://node', memoryBudgetMib: 1 });
  assert.equal(await settled(run), 'finished');
  assert.equal(run.state().result!.bounded?.reason, 'memory');
  run.memoryBudgetMib = undefined;  // the worker's own budget again: the run completes
  run.start(load('ompi-elan4-progress'), 1, 'core://node');
  assert.equal(await settled(run), 'finished');
  assert.equal(run.state().result!.bounded, undefined);
  assert.equal(run.state().result!.fingerprint, golden['ompi-elan4-progress']);
});

test('while computing, the progress line has events per second and a share done that only grows, toward the end', async () => {
  const { run } = controller('a');
  const seen: { fraction: number | null; rate: number; left: number | null }[] = [];
  const stop = run.store.subscribe((s) => {
    if (s.progress && s.status === 'running') seen.push({ fraction: s.progress.fraction, rate: s.progress.eventsPerSecond, left: s.progress.secondsLeft });
  });
  run.start(load('ompi-elan4-64-alltoall'), 1, 'core://node');  // two series of one MPI job: the core can tell
  assert.equal(await settled(run), 'finished');
  stop();
  assert.ok(seen.length >= 2, `progress reports: ${seen.length}`);
  for (const p of seen) {
    assert.ok(p.rate > 0);
    assert.ok(p.fraction !== null && p.fraction >= 0 && p.fraction <= 1, String(p.fraction));
  }
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i].fraction! >= seen[i - 1].fraction!, 'the share done never goes back');
  assert.ok(seen.some((p) => p.left !== null), 'an estimate of the time left once 1% is done');
});
