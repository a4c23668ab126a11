// Long computations on the page's main thread in slices (hooks/stepsInSlices.ts), and the cluster layout as steps
// (trace/clusterLayout.ts's clusterLayoutSteps): the same result as at once, the event loop served between slices,
// cancellation closing the generator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSlice, stepsInSlices } from '../src/hooks/stepsInSlices.ts';
import { clusterLayoutSteps, computeClusterLayout } from '../src/trace/clusterLayout.ts';
import type { Topology, TopologyComponent, TopologyLink } from '../src/sim/bridgeTypes.ts';

/** `n` steps of about `ms` each (busy), returning `n`; `log` gets 'closed' when the generator is closed early. */
function* busySteps(n: number, ms: number, log: string[] = []): Generator<void, number, void> {
  try {
    for (let i = 0; i < n; i++) {
      const end = performance.now() + ms;
      while (performance.now() < end);
      yield;
    }
    return n;
  } finally {
    log.push('closed');
  }
}

test('runSlice stops after its budget, at a whole step', () => {
  const steps = busySteps(100, 1);
  const first = runSlice(steps, 5);
  assert.equal(first.done, false);
  let rest = 0;
  while (!steps.next().done) rest++;
  assert.ok(rest >= 90 && rest <= 96, `${rest} steps left of 100 after a 5 ms slice of 1 ms steps`);
});

test('stepsInSlices resolves with the return value, letting other tasks run between its slices', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  const value = await stepsInSlices(busySteps(40, 1), 4, () => false);
  clearInterval(timer);
  assert.equal(value, 40);
  assert.ok(ticks >= 3, `other tasks ran ${ticks} times during 40 ms of steps in 4 ms slices`);
});

test('a cancelled stepsInSlices resolves undefined and closes its generator', async () => {
  const log: string[] = [];
  let cancel = false;
  const run = stepsInSlices(busySteps(1000, 1, log), 2, () => cancel);
  cancel = true;
  assert.equal(await run, undefined);
  assert.deepEqual(log, ['closed']);
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
