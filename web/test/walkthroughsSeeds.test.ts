// The Open MPI (seed 001) and SS-VIA (seed 003) scenarios each carry a cited walkthrough that passes the schema.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';

const load = (id: string) => JSON.parse(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8')) as Scenario;

for (const [id, seed, walkthrough] of [
  ['ompi-elan4-progress', /Seed 001|REFERENCES/, 'ompi-rdma-write'],
  ['via-sci-pingpong', /Seed 003|REFERENCES/, 'ss-via-remote-write'],
] as const) {
  test(`${id} has the ${walkthrough} walkthrough, every step cited and in time order`, () => {
    const scenario = load(id);
    const v = validateScenario(scenario);
    assert.ok(v.ok, v.ok ? '' : v.error);
    const w = (scenario.walkthroughs ?? []).find((x) => x.id === walkthrough);
    assert.ok(w, `${walkthrough} missing`);
    assert.ok(w!.steps.length >= 7);
    let previous = -1;
    for (const s of w!.steps) {
      assert.match(s.cite ?? '', seed, `"${s.text.slice(0, 40)}" is not cited`);
      assert.ok(s.time_us >= previous, 'steps go back in time');
      previous = s.time_us;
    }
  });
}
