// A failed run in the project's words (run/failureText.ts): Emscripten's abort and out-of-memory texts and a dead
// worker become what happened, how far the run got and what to do (the native CLI, by the shipped scenario's id or a
// saved file); the core's own refusals pass through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failureText } from '../src/run/failureText.ts';

const at = { scenario: 'ompi-elan4-64-alltoall', shipped: true, events: 20_000_000, now_ps: 1_234_567_000 };

test('an abort names no Emscripten text: what happened, how far, the CLI command', () => {
  const t = failureText('Aborted(). Build with -s ASSERTIONS=1 for more info.', 'run', at);
  assert.doesNotMatch(t, /Aborted|ASSERTIONS/);
  assert.match(t, /stopped on an internal error after 20,000,000 events \(1,234\.6 µs simulated\)/);
  assert.match(t, /npm run sim -- ompi-elan4-64-alltoall/);
  assert.match(t, /--max-events/);
});

test('running out of memory says so; an edited scenario is named as a saved file', () => {
  const t = failureText('RuntimeError: Aborted(Cannot enlarge memory arrays to size 2147549184 bytes (OOM).)', 'run', { ...at, shipped: false });
  assert.match(t, /ran out of memory in the browser/);
  assert.match(t, /npm run sim -- <file> \(save it with Export: Scenario file\)/);
  assert.doesNotMatch(t, /Cannot enlarge|OOM/);
});

test('a dead worker: what happened and that the page is still usable', () => {
  const t = failureText('', 'worker', at);
  assert.match(t, /^The simulation worker stopped unexpectedly after 20,000,000 events/);
  assert.match(t, /open another scenario, or press Run/);
});

test('the core\'s refusals and load failures are already readable: unchanged', () => {
  for (const phase of ['create', 'load', 'result'] as const)
    assert.equal(failureText('cluster.nodes: 1 is outside [2, 1024]', phase, at), 'cluster.nodes: 1 is outside [2, 1024]');
  assert.equal(failureText('Simulation failed: series 0 did not finish', 'run', at), 'Simulation failed: series 0 did not finish');
});

test('a long run\'s simulated time reads in seconds', () => {
  assert.match(failureText('', 'worker', { ...at, now_ps: 176_940_410_200_000 }), /\(176\.9 s simulated\)/);
});

test('a run stopped at the memory budget: what finished, and the native command', async () => {
  const { boundedText } = await import('../src/run/failureText.ts');
  const t = boundedText({ ...at, memory_mib: 1730 });
  assert.match(t, /^The run stopped at the browser's memory budget \(1730 MiB of the simulator's 4,096\) after 20,000,000 events/);
  assert.match(t, /the figures cover only what finished/);
  assert.match(t, /npm run sim -- ompi-elan4-64-alltoall/);
});
