/**
 * Walkthroughs: step times (anchored at messages or absolute), and the default scenario's walkthroughs run
 * against the real core (Node wasm build): every anchor resolves to a time inside the run.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import type { CoreBridge } from '../../core-wasm/js/coreBridge.ts';
import { TraceStore } from '../src/trace/traceStore.ts';
import { stepMessage, stepTime_ps } from '../src/walkthrough/stepTime.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';

/** Message records (kind 40): [start µs, series index, bytes]. */
function messages(list: [number, number, number][]): TraceStore {
  const t = new TraceStore();
  const n = list.length;
  t.append({
    n,
    t_start_ps: Float64Array.from(list, (m) => m[0] * 1e6),
    t_end_ps: Float64Array.from(list, (m) => m[0] * 1e6 + 5e6),
    kind: new Uint32Array(n).fill(40),
    component: new Uint32Array(n).fill(16),
    message: Uint32Array.from(list, (_, i) => i + 1),
    bytes: Uint32Array.from(list, (m) => m[2]),
    value: Int32Array.from(list, (m) => m[1]),
    cause: new Uint32Array(n),
  });
  return t;
}

test('an anchored step is its offset after the n-th message of that series and size; others are absolute', () => {
  const t = messages([[10, 0, 0], [30, 0, 0], [50, 2, 0], [70, 0, 4096], [90, 0, 0]]);
  const step = (series: string, bytes: number, index: number, time_us: number) =>
    stepTime_ps({ time_us, text: '', message: { series, bytes, index } }, defaultScenario, t);
  assert.equal(step('portals-put', 0, 0, 2), 12e6);
  assert.equal(step('portals-put', 0, 2, 0.5), 90.5e6);
  assert.equal(step('portals-put', 4096, 0, 1), 71e6);
  assert.equal(step('tports-send', 0, 0, 0), 50e6);
  assert.equal(step('portals-put', 0, 3, 0), null, 'no such message yet');
  assert.equal(step('nope', 0, 0, 0), null);
  assert.equal(stepTime_ps({ time_us: 8, text: '' }, defaultScenario, t), 8e6);
});

test('an anchored step narrates the message of its anchor record; an unanchored or untraced one none', () => {
  const t = messages([[10, 0, 0], [30, 0, 0], [50, 2, 0], [70, 0, 4096], [90, 0, 0]]);
  const step = (series: string, bytes: number, index: number) =>
    stepMessage({ time_us: 3, text: '', message: { series, bytes, index } }, defaultScenario, t);
  assert.equal(step('portals-put', 0, 0), 1);
  assert.equal(step('portals-put', 0, 2), 5);
  assert.equal(step('portals-put', 4096, 0), 4);
  assert.equal(step('tports-send', 0, 0), 3);
  assert.equal(step('portals-put', 0, 3), null, 'no such message yet');
  assert.equal(step('nope', 0, 0), null);
  assert.equal(stepMessage({ time_us: 8, text: '' }, defaultScenario, t), null);
});

let core: CoreBridge;
before(async () => {
  core = await loadWasm();
});

/** Runs `scenario` in the wasm core and returns its full trace as a TraceStore. */
function runTrace(scenario: Scenario): TraceStore {
  const store = new TraceStore();
  core.runToEnd(JSON.stringify(scenario), 1 << 18, (batch) => store.append(batch));
  return store;
}

test('the default scenario has a walkthrough per protocol, valid against the schema, each step cited', () => {
  assert.ok(validateScenario(defaultScenario).ok);
  const ids = (defaultScenario.walkthroughs ?? []).map((w) => w.id);
  assert.deepEqual(ids, ['portals-short-put', 'portals-long-put', 'tports-baseline']);
  for (const w of defaultScenario.walkthroughs!) {
    assert.ok(w.steps.length >= 7, `${w.id}: ${w.steps.length} steps`);
    for (const s of w.steps) assert.match(s.cite ?? '', /Seed 002/, `${w.id}: "${s.text.slice(0, 40)}" has no citation`);
  }
});

test('every walkthrough step resolves to a time within its run, in step order (default model and PCI at 133 MHz)', () => {
  for (const parameters of [{}, { 'pci.clock_MHz': 133 }] as Record<string, number>[]) {
    const scenario = { ...structuredClone(defaultScenario), parameters };
    if (scenario.workload.kind === 'pingpong') scenario.workload.sizes_bytes = [0, 4096];
    const trace = runTrace(scenario);
    for (const w of defaultScenario.walkthroughs!) {
      let previous = -1;
      w.steps.forEach((s, i) => {
        const t = stepTime_ps(s, scenario, trace);
        assert.ok(t !== null && t >= 0 && t <= trace.end_ps, `${w.id} step ${i + 1} does not resolve (${t})`);
        if (s.message) assert.ok(t! >= previous, `${w.id} step ${i + 1} goes back in time`);
        previous = t!;
      });
    }
  }
});
