/** Compare: deriving run B from run A and what differs; restoring a spec from a link; naming it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareScenario, describeCompare, restoreCompare } from '../src/compare/compareSpec.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';

test('a parameter comparison overrides one parameter and leaves run A alone', () => {
  const b = compareScenario(defaultScenario, { kind: 'parameter', name: 'pci.clock_MHz', value: 133 });
  assert.ok(b.ok);
  if (!b.ok) return;
  assert.deepEqual(b.scenario.parameters, { 'pci.clock_MHz': 133 });
  assert.deepEqual(defaultScenario.parameters, {});
  assert.equal(b.scenario.walkthroughs, undefined, 'walkthroughs stay with run A');
  assert.ok(defaultScenario.walkthroughs && defaultScenario.walkthroughs.length >= 3);
});

test('a series comparison keeps only the chosen series; none chosen is an error', () => {
  const b = compareScenario(defaultScenario, { kind: 'series', series: ['tports-send'] });
  assert.ok(b.ok);
  if (b.ok) assert.deepEqual(b.scenario.workload.series.map((s) => s.id), ['tports-send']);
  const none = compareScenario(defaultScenario, { kind: 'series', series: ['nope'] });
  assert.equal(none.ok, false);
});

test('a whole-scenario comparison is schema-checked', () => {
  const other = structuredClone(defaultScenario);
  other.cluster.nodes = 1;
  const b = compareScenario(defaultScenario, { kind: 'scenario', scenario: other });
  assert.equal(b.ok, false);
  if (!b.ok) assert.match(b.error, /\/cluster\/nodes/);
});

test('restoreCompare keeps well-formed specs and drops the rest', () => {
  assert.deepEqual(restoreCompare({ kind: 'parameter', name: 'pci.clock_MHz', value: 133 }), {
    kind: 'parameter', name: 'pci.clock_MHz', value: 133,
  });
  assert.deepEqual(restoreCompare({ kind: 'series', series: ['a', 3] }), { kind: 'series', series: ['a'] });
  assert.equal(restoreCompare({ kind: 'series', series: [] }), null);
  assert.equal(restoreCompare({ kind: 'parameter', name: 'x', value: 1 }), null);
  assert.equal(restoreCompare({ kind: 'scenario', scenario: { id: 'bad' } }), null);
  assert.equal(restoreCompare('parameter'), null);
  assert.equal(restoreCompare(null), null);
});

test('legends name run B by what differs', () => {
  assert.equal(describeCompare({ kind: 'parameter', name: 'pci.clock_MHz', value: 133 }, defaultScenario), 'pci.clock_MHz = 133');
  assert.equal(describeCompare({ kind: 'series', series: ['portals-put', 'tports-send'] }, defaultScenario), 'series: Portals PUT, Tports');
});
