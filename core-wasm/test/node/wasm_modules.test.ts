// The per-system wasm builds (issue 12 item 6: core-wasm/cmake/wasm.cmake, app/enrolment_list.h) and the page's
// choice among them (core-wasm/js/coreModules.ts): public/wasm/modules.json tells the truth about every module, each
// module is the full core cut to its system (same trace kinds, same catalog order), the shipped scenarios run on the
// module of their paper with their stored fingerprints, and on every hostile file the picked module answers exactly
// as the full core does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { loadWasm, ROOT, type SimResult } from '../../cli/engines';
import { readManifest, WASM_DIR, wasmManifest } from '../../cli/wasmModules';
import { hostileCorpus } from '../hostile/corpus';
import { validateScenario } from '../../js/validateScenario';
import type { CoreBridge } from '../../js/coreBridge';
import { type CoreModuleManifest, parseManifest, pickCoreModule } from '../../js/coreModules';
import type { FromWorker } from '../../js/bridgeTypes';
import { SimHost } from '../../../web/src/worker/simHost';

const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8')) as Record<string, string>;
const scenarioText = (id: string) => readFileSync(join(ROOT, `scenarios/${id}.json`), 'utf8');

/** The system whose paper each shipped scenario reproduces (seed 002, 001, 003, 000 in that order). */
const SYSTEM_OF: Record<string, string> = {
  'portals-qsnet-pingpong': 'portals-elan3',
  'qsnet-256-half-shift': 'portals-elan3',
  'qsnet-64-mixed-stacks': 'portals-elan3',
  'ompi-elan4-progress': 'ompi-elan4',
  'ompi-elan4-dynamic': 'ompi-elan4',
  'ompi-elan4-64-alltoall': 'ompi-elan4',
  'ompi-elan4-256-exchange': 'ompi-elan4',
  'via-sci-pingpong': 'via-sci',
  'npb-sci-8node-small': 'via-sci',
  'npb-sci-8node': 'via-sci',
  'fast-ethernet-16-half-shift': 'via-sci',
  'ib-verbs-pingpong': 'pvfs2-elan4',
  'pvfs2-elan4-listio': 'pvfs2-elan4',
  'pvfs2-mpi-tile-io': 'pvfs2-elan4',
  'pvfs2-btio': 'pvfs2-elan4',
};

let manifest: CoreModuleManifest;
const cores = new Map<string, CoreBridge>();
const full = () => cores.get('all')!;

before(async () => {
  manifest = readManifest();
  for (const m of manifest.modules) cores.set(m.system, await loadWasm(join(WASM_DIR, m.module)));
});

test('modules.json describes exactly the modules the build linked', async () => {
  assert.deepEqual(manifest, await wasmManifest());
  assert.deepEqual(manifest.modules.map((m) => m.system).sort(), ['all', 'ompi-elan4', 'portals-elan3', 'pvfs2-elan4', 'via-sci']);
});

test('each system module is the full core cut to its system: same trace kinds and testbeds, catalog a subset in order', () => {
  const fullCatalog = full().catalog();
  for (const m of manifest.modules) {
    const core = cores.get(m.system)!;
    assert.deepEqual(core.traceKinds(), full().traceKinds(), m.system);
    const catalog = core.catalog();
    assert.deepEqual(catalog.testbeds, fullCatalog.testbeds, m.system);
    assert.deepEqual(catalog.trace_kinds, fullCatalog.trace_kinds, m.system);
    for (const key of ['fabrics', 'protocols', 'workloads'] as const) {
      const fullEntries = new Map<string, unknown>(fullCatalog[key].map((e) => [e.id, e]));
      const ids = catalog[key].map((e) => e.id);
      for (const e of catalog[key]) assert.deepEqual(e, fullEntries.get(e.id), `${m.system} ${key} ${e.id}`);
      assert.deepEqual(ids, [...fullEntries.keys()].filter((id) => ids.includes(id)), `${m.system} ${key} order`);
    }
    // A parameter the module registers is the full core's, with the same unit, range and source.
    const fullParameters = new Map(full().parameters().map((p) => [p.name, p]));
    for (const p of core.parameters()) assert.deepEqual(p, fullParameters.get(p.name), `${m.system} ${p.name}`);
  }
});

test('every shipped scenario runs on its paper\'s system module, under issue 12\'s 250 kB and smaller than the full core', () => {
  const fullModule = manifest.modules.find((m) => m.system === 'all')!;
  for (const [id, system] of Object.entries(SYSTEM_OF)) {
    const picked = pickCoreModule(manifest, scenarioText(id));
    assert.equal(picked?.system, system, id);
  }
  for (const m of manifest.modules.filter((x) => x.system !== 'all')) {
    console.log(`${m.module}: ${m.wasm_bytes.toLocaleString('en-US')} B, ${(m.wasm_brotli_bytes / 1000).toFixed(1)} kB brotli`);
    assert.ok(m.wasm_brotli_bytes < fullModule.wasm_brotli_bytes, m.system);
    assert.ok(m.wasm_brotli_bytes <= 250_000, `${m.system}: ${m.wasm_brotli_bytes} B brotli`);
  }
});

test('every canonical scenario gives its stored fingerprint on the module the page runs it on', () => {
  for (const [id, fp] of Object.entries(golden)) {
    const picked = pickCoreModule(manifest, scenarioText(id))!;
    assert.notEqual(picked.system, 'all', id);
    assert.equal(cores.get(picked.system)!.runToEnd<SimResult>(scenarioText(id)).fingerprint, fp, `${id} on ${picked.module}`);
  }
});

test('a scenario no system holds whole runs on the full core', () => {
  const base = JSON.parse(scenarioText('portals-qsnet-pingpong'));
  const variant = (edit: (s: any) => void) => {
    const s = structuredClone(base);
    edit(s);
    return pickCoreModule(manifest, JSON.stringify(s))?.system;
  };
  assert.equal(variant(() => {}), 'portals-elan3');
  // A parameter only another system registers (the full core accepts it; the Portals module would call it unknown).
  assert.equal(variant((s) => (s.parameters = { 'pvfs2.flow_buffers': 4 })), 'all');
  assert.equal(variant((s) => (s.parameters = { 'portals.bogus': 4 })), 'all');
  // A protocol of another system, an unknown one, a series without a string protocol.
  assert.equal(variant((s) => (s.workload.series[0].protocol = 'tports')), 'portals-elan3');
  assert.equal(variant((s) => (s.workload.series[1].protocol = 'ss-via')), 'all');
  assert.equal(variant((s) => (s.workload.series[0].protocol = 'gm')), 'all');
  assert.equal(variant((s) => (s.workload.series[0].protocol = 7)), 'all');
  assert.equal(variant((s) => (s.cluster.nic = 'infinihost')), 'all');
  // Elan4 is a NIC the Portals module knows, but on qsnet2: the refusal lists every fabric's NIC, so the full core.
  assert.equal(variant((s) => (s.cluster.nic = 'elan4')), 'all');
  assert.equal(variant((s) => (s.workload.kind = 'npb')), 'all');
  assert.equal(pickCoreModule(manifest, 'not json')?.system, 'all');
  assert.equal(pickCoreModule(manifest, '[]')?.system, 'all');
});

test('on every hostile file the module the page picks answers exactly as the full core does', () => {
  const corpus = hostileCorpus(ROOT, (doc) => validateScenario(doc).ok);
  let compared = 0;
  for (const c of corpus) {
    const text = c.bytes.toString('utf8');
    const picked = pickCoreModule(manifest, text)!;
    if (picked.system === 'all') continue;
    compared++;
    assert.equal(cores.get(picked.system)!.check(text), full().check(text), `${c.group}: ${c.name} on ${picked.module}`);
  }
  console.log(`hostile corpus: ${compared} of ${corpus.length} files picked a system module and were answered as by the full core`);
  assert.ok(compared > corpus.length / 2);
});

test('a run on a system module hands the page the full core\'s parameter registry, so the editor lists every parameter', async () => {
  const registry = full().parameters();
  assert.deepEqual(manifest.registry, registry);
  const module = cores.get('via-sci')!;
  assert.ok(module.parameters().length < registry.length);
  const posted: FromWorker[] = [];
  const done = new Promise<void>((resolve) => {
    const host = new SimHost({
      loadCore: async () => module,
      fullRegistry: async () => manifest.registry,
      post: (m) => {
        posted.push(m);
        if (m.type === 'done' || m.type === 'error') resolve();
      },
      yieldToMessages: () => new Promise((r) => setTimeout(r, 0)),
    });
    host.handle({ type: 'start', scenarioText: scenarioText('via-sci-pingpong'), wasmUrl: 'file:///hpcsim.mjs' });
  });
  await done;
  const ready = posted.find((m) => m.type === 'ready');
  assert.deepEqual(ready?.type === 'ready' ? ready.parameters.map((p) => p.name) : [], registry.map((p) => p.name));
  assert.equal(posted.at(-1)?.type, 'done');
});

test('a manifest that is not one is refused with a line naming the field', () => {
  assert.match(String(parseManifest({ format: 'x' })), /not an hpcsim-wasm-modules manifest/);
  const bad = structuredClone(manifest) as any;
  bad.modules[1].module = '../evil.js';
  assert.match(String(parseManifest(bad)), /modules\/1\.module must be a file name ending \.mjs/);
  bad.modules[1].module = 'x.mjs';
  bad.modules[1].protocols = [3];
  assert.match(String(parseManifest(bad)), /modules\/1\.protocols must be an array of strings/);
  bad.modules[1].protocols = [];
  bad.registry = [{ unit: 'ns' }];
  assert.match(String(parseManifest(bad)), /registry must be an array of parameters/);
});
