/**
 * Thread lanes of the event-chain view (web/src/chain/hostThreads.ts tracedThreadLanes) from the wasm core's
 * host_thread records: Open MPI's RDMA-read ping-pong with two progress threads, one, and polling (which traces
 * no thread states). At the receiver of a 4 KiB message the receive thread sleeps, is woken by its interrupt,
 * runs, polls, arms and sleeps again; the completion thread delivers the message (the GET's local completion).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { TraceStore } from '../src/trace/traceStore.ts';
import { threadStateAt, tracedThreadLanes } from '../src/chain/hostThreads.ts';

const scenario = (progress: string) => ({
  format: 'hpc-interconnect-scenario', version: 1, id: `threads-${progress}`,
  cluster: { fabric: 'qsnet2', nic: 'elan4', nodes: 2 },
  workload: {
    kind: 'pingpong', initiator: 0, target: 1, sizes_bytes: [4096], warmup_iterations: 1, iterations: 2,
    series: [{ id: 'read', protocol: 'ompi', operation: 'rdma-read', progress }],
  },
});

async function run(progress: string): Promise<TraceStore> {
  const core = await loadWasm();
  const store = new TraceStore();
  core.runToEnd(JSON.stringify(scenario(progress)), 1 << 18, (batch) => store.append(batch));
  return store;
}

/** The last message record: [host component, delivery time]. */
function lastDelivery(trace: TraceStore): [number, number] {
  let best = -1;
  for (let r = 0; r < trace.length; r++) if (trace.kind[r] === TraceKind.message && (best < 0 || trace.t_start_ps[r] > trace.t_start_ps[best])) best = r;
  assert.ok(best >= 0, 'a delivered message');
  return [trace.component[best], trace.t_start_ps[best]];
}

test('two progress threads: application, receive and completion lanes with their poll and sleep states', async () => {
  const trace = await run('two-threads');
  const [host, delivered] = lastDelivery(trace);
  const lanes = tracedThreadLanes(trace, host, delivered - 40e6, delivered);
  assert.deepEqual(lanes.map((l) => l.label), ['application', 'receive thread', 'completion thread']);
  const receive = lanes[1];
  const states = new Set(receive.spans.map((s) => s.state));
  for (const s of ['sleeping', 'waking', 'running', 'polling', 'arming']) assert.ok(states.has(s as never), `receive thread ${s}`);
  // Spans of a lane follow each other without gaps or overlaps.
  for (const l of lanes) for (let i = 1; i < l.spans.length; i++) assert.equal(l.spans[i].start_ps, l.spans[i - 1].end_ps, l.label);
  // The GET's completion lands in the completion queue: update_desc is running when the receive completes, and it
  // had to be woken by an interrupt for it (it was asleep).
  const completion = lanes[2];
  assert.equal(threadStateAt(completion.spans, delivered - 1).state, 'running');
  const woke = completion.spans.findLast((s) => s.state === 'waking');
  assert.ok(woke && woke.end_ps <= delivered, 'the completion thread was woken before it delivered');
  assert.equal(completion.spans[completion.spans.indexOf(woke!) - 1]?.state, 'sleeping');
});

test('one progress thread (ONE_QUEUE): an application lane and one progress thread lane', async () => {
  const trace = await run('one-thread');
  const [host, delivered] = lastDelivery(trace);
  const lanes = tracedThreadLanes(trace, host, delivered - 40e6, delivered);
  assert.deepEqual(lanes.map((l) => l.label), ['application', 'progress thread']);
  assert.equal(threadStateAt(lanes[1].spans, delivered - 1).state, 'running');
  // The application slept on its condition variable until the thread woke it.
  assert.ok(lanes[0].spans.some((s) => s.state === 'sleeping'));
});

test('polling progress traces no thread states: the view falls back to the inferred lane', async () => {
  const trace = await run('polling');
  const [host, delivered] = lastDelivery(trace);
  assert.deepEqual(tracedThreadLanes(trace, host, 0, delivered), []);
});
