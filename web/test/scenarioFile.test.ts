/**
 * Scenario files in the page (scenario/scenarioFile.ts): every shipped scenario saved by the page reads back as the
 * same scenario; a file that is not JSON, breaks a schema rule or is too large is refused with its name and the
 * reason (the field, for a schema rule).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUNDLED_SCENARIOS, loadBundledScenario } from '../src/scenario/bundledScenarios.ts';
import {
  MAX_SCENARIO_FILE_BYTES, parseScenarioFile, scenarioFileName, scenarioFileSizeError, scenarioFileText,
} from '../src/scenario/scenarioFile.ts';

test('every shipped scenario saved as a file reads back unchanged, under its id', async () => {
  for (const { id } of BUNDLED_SCENARIOS) {
    const s = await loadBundledScenario(id);
    const text = scenarioFileText(s);
    assert.ok(text.endsWith('}\n'));
    const back = parseScenarioFile(scenarioFileName(s), text);
    assert.ok(back.ok, back.ok ? '' : back.error);
    assert.deepEqual(back.scenario, s);
    assert.equal(scenarioFileName(s), `${id}.json`);
  }
});

test('a file that is not JSON is refused with its name and the parser\'s message', () => {
  const r = parseScenarioFile('mine.json', '{"format": oops');
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.error, /^mine\.json: not JSON \(.+\)\.$/);
});

test('a schema rule broken is refused with the file name and the field', async () => {
  const s = structuredClone(await loadBundledScenario('pvfs2-btio')) as unknown as { cluster: Record<string, unknown> };
  s.cluster.nodes = 'eight';
  const r = parseScenarioFile('btio-edited.json', JSON.stringify(s));
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.error, /^btio-edited\.json: \/cluster\/nodes: /);
  const extra = { ...(s as object), colour: 'red' };
  const r2 = parseScenarioFile('x.json', JSON.stringify({ ...extra, cluster: { ...s.cluster, nodes: 8 } }));
  assert.equal(r2.ok, false);
  if (!r2.ok) assert.match(r2.error, /colour/);
});

test('files over the limit are refused before reading, with their size', () => {
  assert.equal(scenarioFileSizeError('a.json', MAX_SCENARIO_FILE_BYTES), null);
  assert.match(scenarioFileSizeError('big.json', 10 * 1048576) ?? '', /^big\.json: 10\.0 MiB; scenario files over 1 MiB are refused\.$/);
});
