/**
 * The editor's node groups: form texts to cluster.groups and back, bad texts refused at the group, core refusals
 * mapped to the group they name, and the mixed-stacks scenario passing the schema.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildGroups, groupDrafts, parseRange } from '../src/scenario/groupDraft.ts';
import { buildScenario, draftFromScenario, fieldOfPath, seriesCatalogFor } from '../src/scenario/workloadDraft.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';

test('ranges: "0-15", "7" and bad texts', () => {
  assert.deepEqual(parseRange('0-15'), [0, 15]);
  assert.deepEqual(parseRange(' 7 '), [7, 7]);
  assert.equal(parseRange('0..15'), null);
  assert.equal(parseRange(''), null);
  const { groups, errors } = buildGroups([
    { nodes: '0-7', series: 'portals-put', pair: '' },
    { nodes: 'x', series: 'tports-send', pair: '' },
    { nodes: '8-15', series: 'tports-send', pair: '8-x' },
  ]);
  assert.deepEqual(groups, [{ nodes: [0, 7], series: 'portals-put' }]);
  assert.match(errors[1], /first-last/);
  assert.match(errors[2], /pair/);
});

test('the draft builds cluster.groups for a fat-tree ping-pong and reads them back', () => {
  const draft = draftFromScenario(defaultScenario);
  assert.deepEqual(draft.groups, []);
  const catalog = seriesCatalogFor('pingpong', defaultScenario);
  const groups = [{ nodes: '0-7', series: 'portals-put', pair: '' }, { nodes: '8-15', series: 'tports-send', pair: '8-13' }];
  const built = buildScenario(defaultScenario, { ...draft, groups }, catalog, undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors));
  assert.deepEqual(built.scenario.cluster.groups, [
    { nodes: [0, 7], series: 'portals-put' },
    { nodes: [8, 15], series: 'tports-send', pair: [8, 13] },
  ]);
  assert.deepEqual(groupDrafts(built.scenario.cluster.groups), groups);
  // No group: no groups field.
  assert.equal(buildScenario(defaultScenario, draft, catalog, undefined).scenario?.cluster.groups, undefined);
  // A bad range is refused at its group.
  const bad = buildScenario(defaultScenario, { ...draft, groups: [{ nodes: '0-', series: 'portals-put', pair: '' }] }, catalog, undefined);
  assert.equal(bad.scenario, null);
  assert.match(String(bad.errors['group-0']), /first-last/);
});

test("the core's refusals land at the group they name", () => {
  const draft = draftFromScenario(defaultScenario);
  assert.equal(fieldOfPath('cluster.groups/1.series', draft), 'group-1');
  assert.equal(fieldOfPath('/cluster/groups/0/nodes/1', draft), 'group-0');
  assert.equal(fieldOfPath('cluster.groups', draft), 'groups');
});

test('the mixed-stacks scenario passes the schema and keeps its groups through the draft', () => {
  const s = JSON.parse(readFileSync(new URL('../../scenarios/qsnet-64-mixed-stacks.json', import.meta.url), 'utf8'));
  const checked = validateScenario(s);
  assert.ok(checked.ok);
  const built = buildScenario(s, draftFromScenario(s), seriesCatalogFor('pingpong', s), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.deepEqual(built.scenario.cluster.groups, s.cluster.groups);
});
