// `#scenario=<id>` links: the id is parsed from the hash, every bundled scenario loads under its own id and passes
// the schema, and an unknown id is refused with the known ones named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledScenarioParameter, walkthroughParameter } from '../src/share/linkCodec.ts';
import { BUNDLED_SCENARIO_IDS, loadBundledScenario } from '../src/scenario/bundledScenarios.ts';
import { validateScenario } from '../src/scenario/validateScenario.ts';

test('a scenario= hash names a bundled scenario; bad ids are ignored', () => {
  assert.equal(bundledScenarioParameter('#scenario=via-sci-pingpong&w=m-via-kernel&step=3'), 'via-sci-pingpong');
  assert.deepEqual(walkthroughParameter('#scenario=via-sci-pingpong&w=m-via-kernel&step=3'), { id: 'm-via-kernel', step: 2 });
  assert.equal(bundledScenarioParameter('#w=portals-short-put'), null);
  assert.equal(bundledScenarioParameter('#scenario=../etc'), null);
});

test('every bundled scenario loads under its id and passes the schema', async () => {
  assert.ok(BUNDLED_SCENARIO_IDS.includes('ompi-elan4-progress') && BUNDLED_SCENARIO_IDS.includes('via-sci-pingpong'));
  assert.ok(BUNDLED_SCENARIO_IDS.includes('npb-sci-8node') && BUNDLED_SCENARIO_IDS.includes('npb-sci-8node-small'));
  assert.ok(BUNDLED_SCENARIO_IDS.includes('ompi-elan4-64-alltoall'));
  assert.ok(BUNDLED_SCENARIO_IDS.includes('ompi-elan4-dynamic'));
  for (const id of BUNDLED_SCENARIO_IDS) {
    const scenario = await loadBundledScenario(id);
    assert.equal(scenario.id, id);
    const v = validateScenario(scenario);
    assert.ok(v.ok, v.ok ? '' : `${id}: ${v.error}`);
  }
  await assert.rejects(loadBundledScenario('no-such-scenario'), /Unknown scenario "no-such-scenario".*via-sci-pingpong/);
});
