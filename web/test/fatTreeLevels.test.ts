/**
 * The editor's fat-tree levels: the rule in the core's words, the draft round trip, the refusal at the field, and
 * the share link carrying the levels.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { levelsRuleError, maxLevels, minLevels } from '../src/scenario/fatTreeLevels.ts';
import { buildScenario, draftFromScenario, seriesCatalogFor } from '../src/scenario/workloadDraft.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { decodeScenarioLink, encodeScenarioLink } from '../src/share/linkCodec.ts';

test('the range: the fewest levels that hold the nodes up to 4096 host ports', () => {
  assert.equal(minLevels(4, 16), 2);
  assert.equal(minLevels(4, 17), 3);
  assert.equal(minLevels(2, 1024), 10);
  assert.equal(maxLevels(4), 6);
  assert.equal(maxLevels(8), 4);
  assert.equal(maxLevels(2), 12);
  assert.equal(levelsRuleError(4, 2, 64), '2 levels of 4-way switches hold at most 16 nodes, not 64');
  assert.equal(levelsRuleError(4, 7, 64), '7 levels of 4-way switches make 16384 host ports; at most 4096 (6 levels)');
  assert.equal(levelsRuleError(4, 4, 64), null);
});

test('the draft: empty levels leave the field out; a chosen value travels; a bad one is refused at the field', () => {
  const draft = draftFromScenario(defaultScenario);
  assert.equal(draft.levels, '');
  const catalog = seriesCatalogFor('pingpong', defaultScenario);
  const plain = buildScenario(defaultScenario, draft, catalog, undefined);
  assert.ok(plain.scenario);
  assert.equal(plain.scenario.cluster.levels, undefined);
  const four = buildScenario(defaultScenario, { ...draft, levels: '4' }, catalog, undefined);
  assert.equal(four.scenario?.cluster.levels, 4);
  const back = decodeScenarioLink(encodeScenarioLink(four.scenario!));
  assert.ok(back.ok);
  assert.equal(back.ok && back.scenario.cluster.levels, 4);
  // Emptying the field again drops the levels the scenario had.
  const again = buildScenario(four.scenario!, { ...draftFromScenario(four.scenario!), levels: '' }, catalog, undefined);
  assert.equal(again.scenario?.cluster.levels, undefined);
  const one = buildScenario(defaultScenario, { ...draft, levels: '1' }, catalog, undefined);
  assert.equal(one.scenario, null);
  assert.equal(one.errors.levels, '1 level of 4-way switches hold at most 4 nodes, not 16');
  const thirteen = buildScenario(defaultScenario, { ...draft, levels: '13' }, catalog, undefined);
  assert.match(String(thirteen.errors.levels), /12/);
});
