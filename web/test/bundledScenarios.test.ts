// `#scenario=<id>` links: the id is parsed from the hash, every bundled scenario loads under its own id and passes
// the schema, and an unknown id is refused with the known ones named; the header's menu lists every shipped file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledScenarioParameter, walkthroughParameter } from '../src/share/linkCodec.ts';
import { BUNDLED_SCENARIOS, BUNDLED_SCENARIO_IDS, SHIPPED_SYSTEMS, loadBundledScenario } from '../src/scenario/bundledScenarios.ts';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';

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
  // Names an object's own properties inherit are not scenarios either.
  for (const id of ['constructor', 'tostring', 'valueof', 'hasownproperty'])
    await assert.rejects(loadBundledScenario(id), new RegExp(`Unknown scenario "${id}"`));
  await assert.rejects(loadBundledScenario('toString'), /Unknown scenario "toString"/);
});

test('the scenario menu lists every shipped file once, under its own title, grouped by system', async () => {
  const dir = fileURLToPath(new URL('../../scenarios/', import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json' && f !== 'fingerprints.json')
    .map((f) => f.replace(/\.json$/, ''));
  assert.deepEqual([...BUNDLED_SCENARIO_IDS].sort(), files.sort(), 'every scenarios/*.json is in the menu, and only those');
  for (const entry of BUNDLED_SCENARIOS) {
    const file = JSON.parse(readFileSync(join(dir, `${entry.id}.json`), 'utf8')) as { title?: string };
    assert.equal(entry.title, file.title, `${entry.id}: the menu's title is the file's`);
    assert.equal((await loadBundledScenario(entry.id)).title, file.title);
  }
  for (const system of SHIPPED_SYSTEMS)
    assert.ok(BUNDLED_SCENARIOS.some((s) => s.system === system.id), `${system.label} lists a scenario`);
  assert.equal(BUNDLED_SCENARIO_IDS[0], 'portals-qsnet-pingpong', 'the default first');
});
