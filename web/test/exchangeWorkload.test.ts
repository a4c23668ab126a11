/**
 * The exchange workload on the page (MPI_Sendrecv between node i and i + N/2): the bundled 256-node scenario loads by
 * id and round-trips through the editor's draft, the editor refuses an odd node count and a transport with no MPI
 * layer at their fields, switching from a ping-pong lands on 256 Elan4 nodes, its histograms are one run,
 * MPI_Sendrecv, and its table's three columns have their units.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildScenario, draftFromScenario, seriesCatalogFor, switchKind } from '../src/scenario/workloadDraft.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { exchangeTemplate } from '../src/scenario/workloadTemplates.ts';
import { defaultLanes, mpiRanksOf, pingPongOf } from '../../core-wasm/js/scenarioTypes.ts';
import { BUNDLED_SCENARIO_IDS, loadBundledScenario } from '../src/scenario/bundledScenarios.ts';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';
import { computeHistogramChart, parseHistogramId } from '../src/charts/histogramChartModel.ts';
import { columnUnits, unitCaption } from '../src/charts/tableFormat.ts';

test('the 256-node exchange loads by id, passes the schema and round-trips through the draft unchanged', async () => {
  assert.ok(BUNDLED_SCENARIO_IDS.includes('ompi-elan4-256-exchange'));
  const s = await loadBundledScenario('ompi-elan4-256-exchange');
  assert.equal(s.workload.kind, 'exchange');
  assert.ok(validateScenario(s).ok);
  assert.equal(pingPongOf(s), null);
  assert.equal(mpiRanksOf(s), 256);
  assert.equal(defaultLanes(s).length, 256);
  const draft = draftFromScenario(s);
  assert.equal(draft.kind, 'exchange');
  assert.equal(draft.bytes, '65536');
  assert.equal(draft.iterations, '1');
  const built = buildScenario(s, draft, seriesCatalogFor('exchange', s), undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.deepEqual(built.scenario, s);
});

test('the editor refuses an odd node count, a missing size and a layer that is no MPI at their fields', () => {
  const draft = draftFromScenario(exchangeTemplate);
  const catalog = seriesCatalogFor('exchange', exchangeTemplate);
  assert.match(buildScenario(exchangeTemplate, { ...draft, nodes: '255' }, catalog, undefined).errors.nodes ?? '', /must be even/);
  assert.match(buildScenario(exchangeTemplate, { ...draft, bytes: 'lots' }, catalog, undefined).errors.bytes ?? '', /must be/);
  const tports = { id: 'tports', protocol: 'tports' as const, operation: 'send' as const };
  const bad = buildScenario(exchangeTemplate, { ...draft, series: ['tports'] }, [...catalog, tports], undefined);
  assert.match(bad.errors.series ?? '', /tports is no MPI layer on qsnet2/);
});

test('a QsNet ping-pong switches to the exchange on 256 Elan4 nodes over Open MPI', () => {
  const x = switchKind(draftFromScenario(defaultScenario), 'exchange', defaultScenario);
  assert.equal(x.nodes, '256');
  assert.equal(x.iterations, '1');
  const catalog = seriesCatalogFor('exchange', defaultScenario);
  assert.deepEqual(catalog.map((s) => s.protocol), ['ompi', 'ompi']);
  const built = buildScenario(defaultScenario, { ...x, nodes: '16', bytes: '4096' }, catalog, undefined);
  assert.ok(built.scenario, JSON.stringify(built.errors) + built.other);
  assert.equal(built.scenario.cluster.fabric, 'qsnet2');
  assert.deepEqual(built.scenario.workload, { ...exchangeTemplate.workload, bytes: 4096 });
});

test('exchange histograms are one run, MPI_Sendrecv, over each transport', () => {
  assert.deepEqual(parseHistogramId('exchange/ompi-rdma-read'), { run: 'MPI_Sendrecv', seriesId: 'ompi-rdma-read' });
  const model = computeHistogramChart([
    { id: 'exchange/ompi-rdma-write', histogram: [{ bytes: 65536, count: 256 }] },
    { id: 'exchange/ompi-rdma-read', histogram: [{ bytes: 65536, count: 256 }] },
  ], 500, 260);
  assert.deepEqual(model.runs, ['MPI_Sendrecv']);
  assert.equal(model.sameAcrossSeries, true);
});

test("the exchange table's 'us | MB/s | MB/s' gives each of its three columns a unit and names each unit once", () => {
  assert.deepEqual(columnUnits('us | MB/s | MB/s', 3), ['us', 'MB/s', 'MB/s']);
  assert.equal(unitCaption('us | MB/s | MB/s'), 'µs | MB/s = 10^6 B/s');
  assert.equal(unitCaption('us | MB/s'), 'µs | MB/s = 10^6 B/s');
});
