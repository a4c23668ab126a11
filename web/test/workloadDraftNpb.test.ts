/** The editor's NAS workload: draft round trip, switching kinds and back, and errors at the field they name. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildScenario, chosenBenchmarks, draftFromScenario, fieldOfPath, seriesCatalogFor, switchKind } from '../src/scenario/workloadDraft.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { npbTemplate } from '../src/scenario/workloadTemplates.ts';
import { defaultLanes, pingPongOf } from '../../core-wasm/js/scenarioTypes.ts';

test('an npb scenario round-trips through the draft unchanged', () => {
  const draft = draftFromScenario(npbTemplate);
  assert.equal(draft.kind, 'npb');
  assert.equal(draft.processes, '8');
  assert.deepEqual(chosenBenchmarks(draft).map((b) => `${b.benchmark}.${b.class}`), ['MG.S', 'CG.S', 'EP.S']);
  const built = buildScenario(npbTemplate, draft, seriesCatalogFor('npb', npbTemplate), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.deepEqual(built.scenario, npbTemplate);
  assert.equal(pingPongOf(npbTemplate), null);
  assert.deepEqual(defaultLanes(npbTemplate), [0, 1, 2, 3, 4, 5, 6, 7]);
});

test('a ping-pong scenario switches to NAS runs on the SCI ringlet and back to itself', () => {
  const pp = draftFromScenario(defaultScenario);
  const nas = switchKind(pp, 'npb', defaultScenario);
  assert.equal(nas.nodes, '8');
  assert.deepEqual(nas.series, npbTemplate.workload.series.map((s) => s.id));
  assert.ok(nas.series.includes('ss-via') && nas.series.includes('sci-mpi'));
  const built = buildScenario(defaultScenario, { ...nas, benchmarks: { CG: 'W' } }, seriesCatalogFor('npb', defaultScenario), { 'pci.clock_MHz': 66 });
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.equal(built.scenario.cluster.fabric, 'sci-ringlet');
  assert.deepEqual(built.scenario.workload, { ...npbTemplate.workload, benchmarks: [{ benchmark: 'CG', class: 'W' }] });
  assert.equal(built.scenario.walkthroughs, undefined, 'the ping-pong walkthroughs do not describe a NAS run');
  assert.deepEqual(built.scenario.parameters, { 'pci.clock_MHz': 66 });

  const back = switchKind(nas, 'pingpong', defaultScenario);
  assert.equal(back.nodes, String(defaultScenario.cluster.nodes));
  const again = buildScenario(defaultScenario, back, seriesCatalogFor('pingpong', defaultScenario), defaultScenario.parameters);
  assert.deepEqual(again.scenario, defaultScenario);
});

test('NAS values are refused at the field that breaks the rule', () => {
  const draft = draftFromScenario(npbTemplate);
  const catalog = seriesCatalogFor('npb', npbTemplate);
  const many = buildScenario(npbTemplate, { ...draft, processes: '16' }, catalog, undefined);
  assert.equal(many.scenario, null);
  assert.match(many.errors.processes ?? '', /at most the node count \(8\)/);
  const one = buildScenario(npbTemplate, { ...draft, processes: '1' }, catalog, undefined);
  assert.match(one.errors.processes ?? '', />= 2/);
  const none = buildScenario(npbTemplate, { ...draft, benchmarks: {} }, catalog, undefined);
  assert.match(none.errors.benchmarks ?? '', /at least one NAS benchmark/);
  const noSeries = buildScenario(npbTemplate, { ...draft, series: [] }, catalog, undefined);
  assert.match(noSeries.errors.series ?? '', /at least one series/);
});

test("the core's error paths name the editor's fields", () => {
  const draft = { ...draftFromScenario(npbTemplate), benchmarks: { LU: 'S', CG: 'S' } as const };
  // "workload.benchmarks/0: processes: LU class S on 8 processes gives subdomains ..." → the LU row
  assert.equal(fieldOfPath('workload.benchmarks/0', draft), 'benchmark-LU');
  assert.equal(fieldOfPath('/workload/benchmarks/1/class', draft), 'benchmark-CG');
  assert.equal(fieldOfPath('workload.processes', draft), 'processes');
  assert.equal(fieldOfPath('workload.kind', draft), 'kind');
  assert.equal(fieldOfPath('cluster.nodes', draft), 'nodes');
  assert.equal(fieldOfPath('/workload/sizes_bytes/2', draft), 'sizes');
  assert.equal(fieldOfPath('parameters.pci.clock_MHz', draft), null);
});
