/**
 * The editor's PVFS2 workloads (seed 000): each shipped scenario round-trips through the draft unchanged (no
 * ping-pong fields added to it), switching to a PVFS2 kind starts from its template, and BT-IO's ROMIO hint
 * romio_cb_write is written only when it is named or differs from ROMIO's default.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildScenario, draftFromScenario, fieldOfPath, seriesCatalogFor, switchKind } from '../src/scenario/workloadDraft.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { loadBundledScenario } from '../src/scenario/bundledScenarios.ts';
import type { Pvfs2Workload } from '../src/scenario/scenarioTypes.ts';

for (const id of ['pvfs2-elan4-listio', 'pvfs2-mpi-tile-io', 'pvfs2-btio']) {
  test(`${id} round-trips through the editor's draft unchanged`, async () => {
    const s = await loadBundledScenario(id);
    const draft = draftFromScenario(s);
    assert.equal(draft.kind, s.workload.kind);
    assert.deepEqual(draft.pvfs2, s.workload);
    const built = buildScenario(s, draft, seriesCatalogFor(draft.kind, s), undefined);
    assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
    assert.deepEqual(built.scenario, s);
    assert.equal('initiator' in built.scenario!.workload, false);
  });
}

test('BT-IO: the hint the file names is the draft\'s; choosing another writes it, and only the series and it change', async () => {
  const s = await loadBundledScenario('pvfs2-btio');
  const draft = draftFromScenario(s);
  assert.equal(draft.romioCbWrite, 'disable');
  const built = buildScenario(s, { ...draft, romioCbWrite: 'automatic', series: ['sg-lio'] }, seriesCatalogFor('btio', s), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  const w = built.scenario!.workload as Pvfs2Workload;
  assert.equal(w.romio_cb_write, 'automatic');
  assert.deepEqual(w.series.map((x) => x.id), ['sg-lio']);
  assert.deepEqual({ ...w, romio_cb_write: 'disable', series: s.workload.series }, s.workload);
});

test('BT-IO without the hint: ROMIO\'s default is shown, and the built file stays without it until it is changed', async () => {
  const s = await loadBundledScenario('pvfs2-btio');
  const bare = structuredClone(s);
  delete (bare.workload as Pvfs2Workload).romio_cb_write;
  const draft = draftFromScenario(bare);
  assert.equal(draft.romioCbWrite, 'automatic');
  const same = buildScenario(bare, draft, seriesCatalogFor('btio', bare), undefined);
  assert.equal('romio_cb_write' in same.scenario!.workload, false);
  const enabled = buildScenario(bare, { ...draft, romioCbWrite: 'enable' }, seriesCatalogFor('btio', bare), undefined);
  assert.equal((enabled.scenario!.workload as Pvfs2Workload).romio_cb_write, 'enable');
  assert.equal(fieldOfPath('workload.romio_cb_write', draft), 'romio');
});

test('switching the default scenario to a PVFS2 kind starts from that kind\'s shipped scenario', () => {
  const draft = switchKind(draftFromScenario(defaultScenario), 'mpi-tile-io', defaultScenario);
  assert.equal(draft.kind, 'mpi-tile-io');
  assert.equal(draft.pvfs2?.kind, 'mpi-tile-io');
  assert.equal(draft.nodes, '8');
  const built = buildScenario(defaultScenario, draft, seriesCatalogFor('mpi-tile-io', defaultScenario), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.equal(built.scenario!.workload.kind, 'mpi-tile-io');
  assert.equal(built.scenario!.cluster.fabric, 'qsnet2');
});

test("a refusal of the PVFS2 workload's clients or servers is shown at the node count, the field that fixes it", async () => {
  const draft = draftFromScenario(await loadBundledScenario('pvfs2-elan4-listio'));
  assert.equal(fieldOfPath('workload.clients', draft), 'nodes');
  assert.equal(fieldOfPath('/workload/servers', draft), 'nodes');
});
