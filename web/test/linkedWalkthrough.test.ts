/**
 * A link's walkthrough (walkthrough/linkedWalkthrough.ts) on the default scenario: a known id opens as given, an
 * unknown one is refused with a sentence naming it and the scenario's walkthroughs, a step past the last opens the
 * last step and says so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';
import { linkedWalkthroughProblem } from '../src/walkthrough/linkedWalkthrough.ts';

const first = defaultScenario.walkthroughs![0];

test('a walkthrough of the scenario, at one of its steps: no problem', () => {
  assert.equal(linkedWalkthroughProblem(defaultScenario, { id: first.id, step: 0 }), null);
  assert.equal(linkedWalkthroughProblem(defaultScenario, { id: first.id, step: first.steps.length - 1 }), null);
});

test('an unknown walkthrough is not opened; the sentence names it, the scenario and its walkthroughs', () => {
  const p = linkedWalkthroughProblem(defaultScenario, { id: 'no-such-walkthrough', step: 0 });
  assert.ok(p);
  assert.equal(p.openStep, null);
  assert.match(p.message, /"no-such-walkthrough"/);
  assert.ok(p.message.includes(`"${defaultScenario.id}"`));
  for (const w of defaultScenario.walkthroughs!) assert.ok(p.message.includes(w.id), w.id);
});

test('a scenario without walkthroughs says it has none', () => {
  const bare: Scenario = { ...defaultScenario, walkthroughs: undefined };
  const p = linkedWalkthroughProblem(bare, { id: first.id, step: 0 });
  assert.equal(p?.openStep, null);
  assert.match(p!.message, /it has none/);
});

test('a step past the last opens the last step and says so', () => {
  const count = first.steps.length;
  const p = linkedWalkthroughProblem(defaultScenario, { id: first.id, step: count + 4 });
  assert.equal(p?.openStep, count - 1);
  assert.ok(p!.message.includes(`step ${count + 5}`) && p!.message.includes(`showing step ${count}`), p!.message);
});
