// Long computations on the page's main thread in slices (hooks/stepsInSlices.ts), timed on a fake clock, and the
// cluster layout as steps (trace/clusterLayout.ts's clusterLayoutSteps): the same result as at once, the event loop
// served between slices, cancellation closing the generator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSlice, stepsInSlices } from '../src/hooks/stepsInSlices.ts';
import { clusterLayoutSteps, computeClusterLayout } from '../src/trace/clusterLayout.ts';
import type { Topology, TopologyComponent, TopologyLink } from '../../core-wasm/js/bridgeTypes.ts';

/** A clock that advances 1 ms per step of `countingSteps` (no real time is measured). */
function fakeClock() {
  const clock = { ms: 0, read: () => clock.ms };
  return clock;
}

/** `n` steps of 1 ms on `clock`, returning `n`; `log` gets 'closed' when the generator is closed. */
function* countingSteps(n: number, clock: { ms: number }, log: string[] = []): Generator<void, number, void> {
  try {
    for (let i = 0; i < n; i++) {
      clock.ms += 1;
      yield;
    }
    return n;
  } finally {
    log.push('closed');
  }
}

test('runSlice stops after its budget, at a whole step', () => {
  const clock = fakeClock();
  const steps = countingSteps(100, clock);
  const first = runSlice(steps, 5, clock.read);
  assert.equal(first.done, false);
  assert.equal(clock.ms, 5, 'five steps of 1 ms in a 5 ms slice');
  const rest = runSlice(steps, 1000, clock.read);
  assert.deepEqual(rest, { done: true, value: 100 });
});

test('stepsInSlices resolves with the return value, each slice after the first in a new task', async () => {
  const clock = fakeClock();
  const between: number[] = [];
  // A setImmediate callback runs once per turn of Node's event loop: it sees the steps done so far each time.
  let watching = true;
  const watch = () => {
    between.push(clock.ms);
    if (watching) setImmediate(watch);
  };
  setImmediate(watch);
  const value = await stepsInSlices(countingSteps(40, clock), 4, () => false, clock.read);
  watching = false;
  assert.equal(value, 40);
  const inside = between.filter((ms) => ms > 0 && ms < 40);
  assert.ok(inside.length >= 3, `other tasks ran at ${between.join(', ')} ms of 40 ms of steps in 4 ms slices`);
  assert.ok(inside.every((ms) => ms % 4 === 0), 'only between whole slices');
});

test('a cancelled stepsInSlices resolves undefined and closes its generator', async () => {
  const clock = fakeClock();
  const log: string[] = [];
  let cancel = false;
  const run = stepsInSlices(countingSteps(1000, clock, log), 2, () => cancel, clock.read);
  cancel = true;
  assert.equal(await run, undefined);
  assert.deepEqual(log, ['closed']);
  assert.equal(clock.ms, 2, 'one slice ran before the cancel was seen');
});

/** A QsNet-like fat tree's lower part: `n` nodes (host, PCI, NIC) under n/4 leaf switches, links both ways. */
function leafTree(n: number): Topology {
  const components: TopologyComponent[] = [];
  const links: TopologyLink[] = [];
  for (let i = 0; i < n; i++) {
    components.push({ id: 3 * i, kind: 'host', name: `host${i}`, node: i });
    components.push({ id: 3 * i + 1, kind: 'pci', name: `pci${i}`, node: i });
    components.push({ id: 3 * i + 2, kind: 'nic', name: `elan${i}`, node: i });
  }
  for (let s = 0; s < n / 4; s++) components.push({ id: 3 * n + s, kind: 'switch', name: `elite-L1-${s}`, level: 1, index: s });
  let id = 0;
  for (let i = 0; i < n; i++) {
    links.push({ id: id++, from: 3 * i + 2, to: 3 * n + Math.floor(i / 4), kind: 'link' });
    links.push({ id: id++, from: 3 * n + Math.floor(i / 4), to: 3 * i + 2, kind: 'link' });
  }
  return { fabric: 'qsnet', nodes: n, levels: 1, arity: 4, components, links } as Topology;
}

test('the cluster layout as steps: a step per 512 components or links, the same layout as at once', () => {
  const topology = leafTree(1024);
  const steps = clusterLayoutSteps(topology, 1400, 400);
  let yields = 0;
  let next = steps.next();
  for (; !next.done; next = steps.next()) yields++;
  const items = topology.components.length + topology.links.length;
  assert.ok(yields >= Math.floor(items / 512), `${yields} steps for ${items} components and links`);
  const once = computeClusterLayout(topology, 1400, 400);
  assert.deepEqual([...next.value.components.entries()].map(([k, p]) => [k, p.x, p.y, p.w]), [...once.components.entries()].map(([k, p]) => [k, p.x, p.y, p.w]));
  assert.deepEqual(next.value.segments, once.segments);
  assert.deepEqual(next.value.buses, once.buses);
  assert.equal(yields > 0 && computeClusterLayout(leafTree(8), 400, 300).components.size, 8 * 3 + 2);
});
