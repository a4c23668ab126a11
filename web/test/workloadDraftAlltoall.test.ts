/**
 * The editor's all-to-all workload: draft round trip, switching kinds (the MPI layers of the cluster's fabric),
 * and bad values refused at the field whose rule they break.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildScenario, draftFromScenario, fieldOfPath, seriesCatalogFor, switchKind } from '../src/scenario/workloadDraft.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { alltoallTemplate, npbTemplate } from '../src/scenario/workloadTemplates.ts';
import { isMpiLayer } from '../src/scenario/mpiLayers.ts';
import { defaultLanes, mpiRanksOf, pingPongOf } from '../../core-wasm/js/scenarioTypes.ts';
import { loadBundledScenario } from '../src/scenario/bundledScenarios.ts';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';
import { decodeScenarioLink, encodeScenarioLink } from '../src/share/linkCodec.ts';

test('the 64-node all-to-all loads by id, passes the schema and round-trips through the draft unchanged', async () => {
  const s = await loadBundledScenario('ompi-elan4-64-alltoall');
  assert.equal(s.workload.kind, 'alltoall');
  assert.ok(validateScenario(s).ok);
  assert.equal(pingPongOf(s), null);
  assert.equal(mpiRanksOf(s), 64);
  assert.equal(defaultLanes(s).length, 64);
  assert.equal(defaultLanes(s)[63], 63);
  const draft = draftFromScenario(s);
  assert.equal(draft.kind, 'alltoall');
  assert.equal(draft.bytes, '16384');
  assert.equal(draft.iterations, '1');
  assert.deepEqual(draft.series, ['ompi-rdma-write', 'ompi-rdma-read']);
  const built = buildScenario(s, draft, seriesCatalogFor('alltoall', s), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.deepEqual(built.scenario, s);
});

test('an all-to-all travels in a share link unchanged; a bad one is refused naming the field', () => {
  const back = decodeScenarioLink(encodeScenarioLink(alltoallTemplate));
  assert.ok(back.ok, back.ok ? '' : back.error);
  assert.deepEqual(back.scenario, alltoallTemplate);
  const bad = structuredClone(alltoallTemplate) as unknown as { workload: Record<string, unknown> };
  delete bad.workload.bytes;
  assert.match(String((validateScenario(bad) as { error?: string }).error), /^\/workload: must have required property 'bytes'/);
});

test('a QsNet ping-pong switches to an all-to-all on 64 Elan4 nodes over Open MPI, and back', () => {
  const pp = draftFromScenario(defaultScenario);
  const a2a = switchKind(pp, 'alltoall', defaultScenario);
  assert.equal(a2a.nodes, '64');
  assert.equal(a2a.iterations, '1', 'an all-to-all starts from its own iterations, not the ping-pong’s');
  const catalog = seriesCatalogFor('alltoall', defaultScenario);
  assert.deepEqual(catalog.map((s) => s.protocol), ['ompi', 'ompi'], 'Portals and Tports have no MPI layer');
  const built = buildScenario(defaultScenario, { ...a2a, nodes: '16', bytes: '1024' }, catalog, undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.equal(built.scenario.cluster.fabric, 'qsnet2');
  assert.equal(built.scenario.cluster.nodes, 16);
  assert.deepEqual(built.scenario.workload, { ...alltoallTemplate.workload, bytes: 1024 });
  assert.equal(built.scenario.walkthroughs, undefined);

  const back = switchKind(a2a, 'pingpong', defaultScenario);
  assert.equal(back.iterations, pp.iterations);
  assert.deepEqual(buildScenario(defaultScenario, back, seriesCatalogFor('pingpong', defaultScenario), defaultScenario.parameters).scenario, defaultScenario);
});

test('on the SCI ringlet an all-to-all keeps the cluster and offers its four MPI transports', () => {
  const a2a = switchKind(draftFromScenario(npbTemplate), 'alltoall', npbTemplate);
  assert.equal(a2a.nodes, '8');
  const catalog = seriesCatalogFor('alltoall', npbTemplate);
  assert.deepEqual(catalog.map((s) => s.protocol), ['ss-via', 'sci-mpich', 'm-via', 'tcp']);
  assert.ok(catalog.every((s) => isMpiLayer('sci-ringlet', s.protocol) && !isMpiLayer('qsnet2', s.protocol)));
  const built = buildScenario(npbTemplate, { ...a2a, series: ['ss-via'] }, catalog, undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.equal(built.scenario.cluster.fabric, 'sci-ringlet');
  assert.equal(built.scenario.workload.kind, 'alltoall');
  assert.deepEqual(built.scenario.workload.series.map((s) => s.id), ['ss-via']);
});

test('all-to-all values are refused at the field naming the rule', () => {
  const draft = draftFromScenario(alltoallTemplate);
  const catalog = seriesCatalogFor('alltoall', alltoallTemplate);
  const huge = buildScenario(alltoallTemplate, { ...draft, bytes: '99999999' }, catalog, undefined);
  assert.equal(huge.scenario, null);
  assert.match(huge.errors.bytes ?? '', /<= 16777216/);
  assert.match(buildScenario(alltoallTemplate, { ...draft, bytes: 'lots' }, catalog, undefined).errors.bytes ?? '', /must be/);
  assert.match(buildScenario(alltoallTemplate, { ...draft, iterations: '0' }, catalog, undefined).errors.iterations ?? '', />= 1/);
  assert.match(buildScenario(alltoallTemplate, { ...draft, series: [] }, catalog, undefined).errors.series ?? '', /at least one series/);
  // A transport with no MPI layer on this fabric (the schema cannot say so): refused at the series.
  const tports = { id: 'tports', protocol: 'tports' as const, operation: 'send' as const };
  const bad = buildScenario(alltoallTemplate, { ...draft, series: ['tports'] }, [...catalog, tports], undefined);
  assert.match(bad.errors.series ?? '', /tports is no MPI layer on qsnet2 \(ompi, mvapich\)/);
  // The core's own error paths.
  assert.equal(fieldOfPath('workload.bytes', draft), 'bytes');
  assert.equal(fieldOfPath('workload.series/1.protocol', draft), 'series');
  assert.equal(fieldOfPath('workload.iterations', draft), 'iterations');
});
