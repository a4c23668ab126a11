/**
 * A run of a workload with parts on several workers (web/src/run/partsWorker.ts) is the run on one worker: the same
 * result text (fingerprint included), the same trace record for record (times, message ids and causes offset into
 * the run, cut at the trace cap where the serial run's is), the same message layers by the run's message id, and a
 * part that stalls ends both runs at the same place. Driven through the real worker protocol (worker/simHost.ts) on
 * the Node build of the core, in-process.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import type { CoreBridge } from '../../core-wasm/js/coreBridge.ts';
import type { FromWorker, ToWorker } from '../../core-wasm/js/bridgeTypes.ts';
import { SimHost } from '../src/worker/simHost.ts';
import { RunController, type RunStatus, type SimWorker } from '../src/run/runController.ts';
import { PartsWorker, partOrder } from '../src/run/partsWorker.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';

let core: CoreBridge;
before(async () => {
  core = await loadWasm();
});

/** A worker running worker/simHost.ts in this process; messages cross asynchronously, as in a real worker. */
function inProcessWorker(): SimWorker {
  const w: SimWorker = {
    onmessage: null,
    onerror: null,
    postMessage(m: ToWorker) {
      setTimeout(() => host.handle(m));
    },
    terminate() {},
  };
  const host = new SimHost({
    loadCore: async () => core,
    post: (m: FromWorker) => setTimeout(() => w.onmessage?.({ data: m } as MessageEvent<FromWorker>)),
    yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
  });
  return w;
}

function controller(workers: number): RunController {
  return new RunController({
    id: `w${workers}`, label: 'Run', qualifier: '', testSuffix: '', traceNotifyMs: 100,
    createWorker: () => (workers > 1 ? new PartsWorker(inProcessWorker, workers) : inProcessWorker()),
  });
}

function finished(run: RunController): Promise<RunStatus> {
  return new Promise((resolve) => {
    const done = (s: RunStatus) => ['finished', 'error', 'cancelled'].includes(s);
    if (done(run.state().status)) return resolve(run.state().status);
    const stop = run.store.subscribe((s) => {
      if (!done(s.status)) return;
      stop();
      resolve(s.status);
    });
  });
}

/** CG and EP class S on 8 SCI nodes over two transports: 6 parts; the trace capped at `maxRecords`. */
function campaign(maxRecords: number): Scenario {
  return {
    format: 'hpc-interconnect-scenario', version: 1, id: 'campaign',
    cluster: { fabric: 'sci-ringlet', nodes: 8 },
    workload: {
      kind: 'npb', processes: 8, benchmarks: [{ benchmark: 'CG', class: 'S' }, { benchmark: 'EP', class: 'S' }],
      series: [{ id: 'ss-via', protocol: 'ss-via', operation: 'send' }, { id: 'sci', protocol: 'sci-mpich', operation: 'send' }],
    },
    trace: { max_records: maxRecords, max_records_per_run: 20_000 },
  } as unknown as Scenario;
}

async function runOn(workers: number, scenario: Scenario): Promise<RunController> {
  const run = controller(workers);
  run.start(scenario, 1, 'core://node');
  assert.equal(await finished(run), 'finished', run.state().error ?? '');
  return run;
}

test('parts start with the first, then from the last', () => {
  assert.deepEqual(partOrder(1), [0]);
  assert.deepEqual(partOrder(4), [0, 3, 2, 1]);
  assert.deepEqual([...partOrder(20)].sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i));
});

for (const maxRecords of [1_000_000, 45_000]) {
  test(`a campaign on 4 workers is the run on one: result, trace record for record, message layers (trace cap ${maxRecords})`, async () => {
    const scenario = campaign(maxRecords);
    const one = await runOn(1, scenario);
    const four = await runOn(4, scenario);
    assert.deepEqual(four.state().result, one.state().result);
    assert.equal(four.state().end_ps, one.state().end_ps);
    assert.equal(four.state().events, one.state().events);
    const [a, b] = [one.trace, four.trace];
    // Each of the 6 parts keeps at most its share of the cap (7,500 of 45,000), the long ones all of it.
    assert.ok(a.length > 15_000, `${a.length} records`);
    assert.ok(a.length <= maxRecords);
    assert.equal(b.length, a.length);
    for (const column of ['t_start_ps', 't_end_ps', 'kind', 'component', 'message', 'bytes', 'value', 'cause'] as const)
      assert.deepEqual(b[column].subarray(0, b.length), a[column].subarray(0, a.length), column);
    // Messages of the first part, a middle one and the last one the trace holds open alike, by the run's id.
    const ids = [...new Set(a.message.subarray(0, a.length))].filter((m) => m !== 0).sort((x, y) => x - y);
    for (const id of [ids[0], ids[Math.floor(ids.length / 2)], ids[ids.length - 1]]) {
      const [ja, jb] = await Promise.all([one.messages.request(id), four.messages.request(id)]);
      assert.ok(ja && ja !== '{}', `message ${id} has layers`);
      assert.deepEqual(JSON.parse(jb!), JSON.parse(ja!));
      assert.equal((JSON.parse(ja!) as { message: number }).message, id);
    }
    one.stop();
    four.stop();
  });
}

test('a part that stalls ends the run on 4 workers where it ends on one (BT-IO on PVFS2 1.0.1)', async () => {
  const scenario = {
    format: 'hpc-interconnect-scenario', version: 1, id: 'stall',
    cluster: { fabric: 'qsnet2', nic: 'elan4', nodes: 8, arity: 8 },
    workload: {
      kind: 'btio', servers: 4, clients: 4, class: 'W', pvfs2_version: '1.0.1', romio_cb_write: 'disable',
      series: [{ id: 'sg', protocol: 'pvfs2-elan4', operation: 'sg-lio' }, { id: 'lio', protocol: 'pvfs2-elan4', operation: 'lio' }],
    },
  } as unknown as Scenario;
  const one = await runOn(1, scenario);
  const four = await runOn(4, scenario);
  assert.match(String((one.state().result as { stalled?: string } | null)?.stalled), /leaked its I\/O slots/);
  assert.deepEqual(four.state().result, one.state().result);
  assert.equal(four.trace.length, one.trace.length);
  assert.equal(four.state().end_ps, one.state().end_ps);
  one.stop();
  four.stop();
});
