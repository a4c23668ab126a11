/** The scenario editor's pure model: parameter rules from the registry, grouping by prefix, diff from defaults. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parameterRuleError } from '../src/scenario/parameterRules.ts';
import { changedParameters, groupParameters, parameterFieldTexts } from '../src/scenario/parameterGroups.ts';
import { buildScenario, draftFromScenario, seriesCatalog } from '../src/scenario/workloadDraft.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import type { ParameterInfo } from '../../core-wasm/js/bridgeTypes.ts';

const REGISTRY: ParameterInfo[] = [
  { name: 'pci.clock_MHz', unit: 'MHz', default: 66, min: 33, max: 133, integer: false },
  { name: 'pci.width_bytes', unit: 'B', default: 8, min: 4, max: 8, integer: true },
  { name: 'host.clock_MHz', unit: 'MHz', default: 1000, min: 100, max: 5000 },
  { name: 'future.knob', unit: 'ns', default: 1, min: 0 },
];

test('rules come from the registry: range with unit, whole numbers, numbers', () => {
  assert.equal(parameterRuleError(REGISTRY[0], '500'), 'must be between 33 and 133 MHz');
  assert.equal(parameterRuleError(REGISTRY[0], '132.5'), null);
  assert.equal(parameterRuleError(REGISTRY[1], '6.5'), 'must be a whole number');
  assert.equal(parameterRuleError(REGISTRY[1], 'eight'), 'must be a number');
  assert.equal(parameterRuleError(REGISTRY[1], ''), 'must be a number');
  assert.equal(parameterRuleError(REGISTRY[3], '-1'), 'must be at least 0 ns');
});

test('groups by prefix in registry order, any new prefix included', () => {
  const groups = groupParameters(REGISTRY);
  assert.deepEqual(groups.map((g) => g.prefix), ['pci', 'host', 'future']);
  assert.equal(groups[0].parameters.length, 2);
});

test('only values that differ from the defaults are written', () => {
  const texts = parameterFieldTexts(REGISTRY, { 'pci.clock_MHz': 133 });
  assert.equal(texts['pci.clock_MHz'], '133');
  assert.equal(texts['host.clock_MHz'], '1000');
  assert.deepEqual(changedParameters(REGISTRY, texts), { 'pci.clock_MHz': 133 });
  assert.equal(changedParameters(REGISTRY, parameterFieldTexts(REGISTRY, undefined)), undefined);
  texts['pci.width_bytes'] = '6.5'; // invalid: never written
  assert.deepEqual(changedParameters(REGISTRY, texts), { 'pci.clock_MHz': 133 });
});

test('the workload draft round-trips and errors name their field', () => {
  const catalog = seriesCatalog(defaultScenario.workload.series, []);
  const draft = draftFromScenario(defaultScenario);
  const same = buildScenario(defaultScenario, draft, catalog, defaultScenario.parameters);
  assert.ok(same.scenario, JSON.stringify(same.errors) + same.other);
  assert.deepEqual(same.scenario, defaultScenario);

  const bad = buildScenario(defaultScenario, { ...draft, nodes: '2000' }, catalog, undefined);
  assert.equal(bad.scenario, null);
  assert.match(bad.errors.nodes ?? '', /<= 1024 on qsnet/);
  // The schema's bound is the largest fabric's (QsNetII: 4096).
  assert.match(buildScenario(defaultScenario, { ...draft, nodes: '5000' }, catalog, undefined).errors.nodes ?? '', /<= 4096/);
  const far = buildScenario(defaultScenario, { ...draft, nodes: '4', target: '5' }, catalog, undefined);
  assert.match(far.errors.target ?? '', /below the node count/);
  const none = buildScenario(defaultScenario, { ...draft, series: [] }, catalog, undefined);
  assert.match(none.errors.series ?? '', /at least one/);
  const sizes = buildScenario(defaultScenario, { ...draft, sizes: '0, lots' }, catalog, undefined);
  assert.match(sizes.errors.sizes ?? '', /numbers of bytes/);
});
