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
import type { Pvfs2Workload } from '../../core-wasm/js/scenarioTypes.ts';

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

test('list I/O: editing the region sizes, regions and calls writes them; a bad size is shown at its field', async () => {
  const s = await loadBundledScenario('pvfs2-elan4-listio');
  const draft = draftFromScenario(s);
  assert.equal(draft.pvfs2Texts.region_bytes, '256, 1024, 4096, 16384, 65536');
  const texts = { ...draft.pvfs2Texts, region_bytes: '1280, 8192', regions: '16', calls: '2' };
  const built = buildScenario(s, { ...draft, pvfs2Texts: texts }, seriesCatalogFor('pvfs2-listio', s), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  const w = built.scenario!.workload as Pvfs2Workload;
  assert.deepEqual([w.region_bytes, w.regions, w.calls], [[1280, 8192], 16, 2]);
  assert.deepEqual({ ...w, region_bytes: s.workload.kind === 'pvfs2-listio' ? (s.workload as Pvfs2Workload).region_bytes : [], regions: 64, calls: 4 }, s.workload);
  const bad = buildScenario(s, { ...draft, pvfs2Texts: { ...texts, region_bytes: '1280, 2000000' } }, seriesCatalogFor('pvfs2-listio', s), undefined);
  assert.equal(bad.scenario, null);
  assert.equal(bad.errors['pvfs2-region_bytes'], 'size 2: must be <= 1048576');
  const words = buildScenario(s, { ...draft, pvfs2Texts: { ...texts, regions: 'many' } }, seriesCatalogFor('pvfs2-listio', s), undefined);
  assert.match(words.errors['pvfs2-regions'] ?? '', /must be integer/);
});

test('MPI-Tile-IO: the tile fields the file leaves out stay out until changed; the core\'s tiles-to-clients rule has a field', async () => {
  const s = await loadBundledScenario('pvfs2-mpi-tile-io');
  const bare = structuredClone(s);
  const bw = bare.workload as Pvfs2Workload;
  delete bw.element_bytes;
  const draft = draftFromScenario(bare);
  assert.equal(draft.pvfs2Texts.element_bytes, '8');  // the core's default
  const same = buildScenario(bare, draft, seriesCatalogFor('mpi-tile-io', bare), undefined);
  assert.equal('element_bytes' in same.scenario!.workload, false);
  const three = buildScenario(bare, { ...draft, pvfs2Texts: { ...draft.pvfs2Texts, element_bytes: '3' } }, seriesCatalogFor('mpi-tile-io', bare), undefined);
  assert.equal((three.scenario!.workload as Pvfs2Workload).element_bytes, 3);
  // "workload.tiles_x: 2 x 3 tiles need 6 clients ..." (the core's check) is shown at the tiles.
  assert.equal(fieldOfPath('workload.tiles_x', draft), 'pvfs2-tiles_x');
  assert.equal(fieldOfPath('/workload/tile_width', draft), 'pvfs2-tile_width');
});

test('BT-IO: the class and the dump interval', async () => {
  const s = await loadBundledScenario('pvfs2-btio');
  const draft = draftFromScenario(s);
  const built = buildScenario(s, { ...draft, pvfs2Texts: { ...draft.pvfs2Texts, class: 'S', wr_interval: '10' } }, seriesCatalogFor('btio', s), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  const w = built.scenario!.workload as Pvfs2Workload;
  assert.deepEqual([w.class, w.wr_interval], ['S', 10]);
  const bad = buildScenario(s, { ...draft, pvfs2Texts: { ...draft.pvfs2Texts, wr_interval: '0' } }, seriesCatalogFor('btio', s), undefined);
  assert.match(bad.errors['pvfs2-wr_interval'] ?? '', /must be >= 1/);
});

test('the PVFS2 release and ROMIO\'s cb_buffer_size and cb_nodes: written when edited, left out while at the default', async () => {
  const s = await loadBundledScenario('pvfs2-btio');
  const bare = structuredClone(s);
  delete (bare.workload as Pvfs2Workload).pvfs2_version;
  const draft = draftFromScenario(bare);
  assert.equal(draft.pvfs2Texts.pvfs2_version, '1.1.0');
  assert.equal(draft.pvfs2Texts.cb_nodes, '');
  const same = buildScenario(bare, draft, seriesCatalogFor('btio', bare), undefined);
  assert.equal('pvfs2_version' in same.scenario!.workload, false);
  assert.equal('cb_nodes' in same.scenario!.workload, false);
  const texts = { ...draft.pvfs2Texts, pvfs2_version: '1.0.1', cb_nodes: '2', cb_buffer_size: '1048576' };
  const edited = buildScenario(bare, { ...draft, pvfs2Texts: texts }, seriesCatalogFor('btio', bare), undefined);
  assert.ok(edited.scenario, JSON.stringify(edited.errors) + edited.other);
  const w = edited.scenario!.workload as Pvfs2Workload;
  assert.deepEqual([w.pvfs2_version, w.cb_nodes, w.cb_buffer_size], ['1.0.1', 2, 1048576]);
  // A refused value is shown at its field.
  const bad = buildScenario(bare, { ...draft, pvfs2Texts: { ...texts, cb_buffer_size: '100' } }, seriesCatalogFor('btio', bare), undefined);
  assert.equal(bad.scenario, null);
  assert.ok(Object.keys(bad.errors).includes('pvfs2-cb_buffer_size'), JSON.stringify(bad.errors));
});
