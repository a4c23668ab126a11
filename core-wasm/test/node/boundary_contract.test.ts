// The boundary between the core and its TypeScript callers is one contract: the bridge's export table
// (core-wasm/js/coreBridge.ts) is exactly what wasm.cmake exports and bridge.cc defines; the page's catalog module,
// trace-kind codes and the JSON Schema's enums are the core's catalog. (The TypeScript id unions are types of the
// generated catalog module, core-wasm/js/coreCatalog.ts; `npm run typecheck` fails when scenarioTypes.ts's workload
// union and the catalog's kinds differ.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { loadWasm, nativeCatalog, ROOT } from '../../cli/engines';
import { CATALOG_MODULE_PATH, catalogModuleText } from '../../cli/catalogModule';
import { schemaText, schemaWithCatalogFacts } from '../../cli/schemaCatalogFacts';
import { CORE_EXPORTS, CORE_MAX_MEMORY_MIB, type CoreBridge } from '../../js/coreBridge';
import { CORE_CATALOG } from '../../js/coreCatalog.generated';
import type { FabricId } from '../../js/coreCatalog';
import { LEVEL_KIND_NAMES, PACKET_KIND_NAMES, QUEUE_KIND_NAMES, TraceKind } from '../../../web/src/sim/traceKindCodes';
import { FABRIC_CHOICES } from '../../../web/src/scenario/fabricTemplates';
import { templateOf, type WorkloadKind } from '../../../web/src/scenario/workloadTemplates';
import { MPI_LAYERS } from '../../../web/src/scenario/mpiLayers';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const sorted = (names: Iterable<string>) => [...names].sort();

/** hs_* names in wasm.cmake's -sEXPORTED_FUNCTIONS (Emscripten's leading underscore dropped; malloc/free are runtime). */
function cmakeExports(): string[] {
  const m = /-sEXPORTED_FUNCTIONS=([^"\s]+)/.exec(read('core-wasm/cmake/wasm.cmake'));
  assert.ok(m, 'wasm.cmake has an -sEXPORTED_FUNCTIONS list');
  return m[1].split(',').map((n) => n.replace(/^_/, '')).filter((n) => n !== 'malloc' && n !== 'free');
}

/** Functions bridge.cc defines with HS_EXPORT. */
function bridgeDefinitions(): string[] {
  return [...read('core-wasm/app/wasm/bridge.cc').matchAll(/^HS_EXPORT\s[^(]*?\b(hs_\w+)\(/gm)].map((m) => m[1]);
}

let core: CoreBridge;
before(async () => {
  core = await loadWasm();
});

test('the bridge table, wasm.cmake EXPORTED_FUNCTIONS and bridge.cc HS_EXPORT list the same functions', () => {
  const table = sorted(Object.keys(CORE_EXPORTS));
  assert.deepEqual(sorted(cmakeExports()), table, 'core-wasm/cmake/wasm.cmake EXPORTED_FUNCTIONS vs core-wasm/js/coreBridge.ts CORE_EXPORTS');
  assert.deepEqual(sorted(bridgeDefinitions()), table, 'core-wasm/app/wasm/bridge.cc HS_EXPORT vs core-wasm/js/coreBridge.ts CORE_EXPORTS');
});

test('the memory limit the page and the CLI budget against is wasm.cmake\'s MAXIMUM_MEMORY', () => {
  const m = /"-sMAXIMUM_MEMORY=(\d+)GB"/.exec(read('core-wasm/cmake/wasm.cmake'));
  assert.ok(m, 'wasm.cmake sets -sMAXIMUM_MEMORY in GB');
  assert.equal(Number(m[1]) * 1024, CORE_MAX_MEMORY_MIB, 'core-wasm/js/coreBridge.ts CORE_MAX_MEMORY_MIB vs wasm.cmake');
});

test('every function of the table is exported by the Node build of the module', () => {
  for (const name of Object.keys(CORE_EXPORTS) as (keyof typeof CORE_EXPORTS)[]) assert.ok(core.has(name), name);
});

test('the page\'s generated catalog module is the core\'s catalog (run `npm run gen:catalog` after enrolling a model)', () => {
  const native = nativeCatalog();
  assert.deepEqual(core.catalog(), native, 'wasm hs_catalog_json vs hpcsim-native --catalog');
  assert.equal(read(CATALOG_MODULE_PATH), catalogModuleText(native), `${CATALOG_MODULE_PATH} is stale: run \`npm run gen:catalog\``);
  assert.deepEqual(CORE_CATALOG, native);
});

test('trace-kind codes by name are the core\'s table (hs_trace_kinds_json)', () => {
  const kinds = core.traceKinds();
  assert.deepEqual(kinds, core.catalog().trace_kinds);
  assert.deepEqual(Object.entries(TraceKind).sort(), kinds.map((k) => [k.name, k.kind]).sort());
  // The page's kind groups name kinds the core has.
  for (const name of [...PACKET_KIND_NAMES, ...LEVEL_KIND_NAMES, ...QUEUE_KIND_NAMES]) assert.ok(kinds.some((k) => k.name === name), name);
});

test('every fabric names the packet kinds its links carry, each a packet kind of the table, with a label', () => {
  for (const f of core.catalog().fabrics) {
    assert.ok(f.packets.length > 0, `${f.id} names its packets`);
    for (const p of f.packets) {
      assert.ok((PACKET_KIND_NAMES as readonly string[]).includes(p.kind), `${f.id}: ${p.kind} is a packet kind`);
      assert.ok(p.label.length > 0, `${f.id}: ${p.kind} has a label`);
    }
  }
});

test('every workload kind but the ping-pong names its result tables for the page (heading, and text while it runs)', () => {
  // The ping-pong's tables are the papers' breakdowns, under the page's generic heading, with no panel before them.
  for (const w of core.catalog().workloads) {
    const named = w.id !== 'pingpong';
    assert.equal(w.tables_title.length > 0, named, `${w.id}: tables_title`);
    assert.equal(/appears? when (every (series|run)|the run) has finished\.$/.test(w.tables_pending), named, `${w.id}: tables_pending`);
  }
});

test('the JSON Schema\'s enums and limits are the catalog\'s ids and facts', () => {
  const c = core.catalog();
  const schema = JSON.parse(read('scenarios/scenario.schema.json'));
  const cluster = schema.properties.cluster.properties;
  const workload = schema.properties.workload.properties;
  const series = workload.series.items.properties;
  const ids = (xs: readonly { id: string }[]) => sorted(xs.map((x) => x.id));
  assert.deepEqual(sorted(cluster.fabric.enum), ids(c.fabrics), 'cluster.fabric');
  assert.deepEqual(sorted(cluster.nic.enum), sorted(new Set(c.fabrics.flatMap((f) => [f.nic, ...f.side_nics]))), 'cluster.nic');
  assert.deepEqual(sorted(workload.kind.enum), ids(c.workloads), 'workload.kind');
  assert.deepEqual(sorted(series.protocol.enum), ids(c.protocols), 'workload.series[].protocol');
  assert.deepEqual(sorted(series.operation.enum), sorted(new Set(c.protocols.flatMap((p) => p.operations.map((o) => o.id)))), 'workload.series[].operation');
  assert.equal(cluster.rails.maximum, Math.max(...c.fabrics.map((f) => f.max_rails)), 'cluster.rails maximum');
  assert.equal(cluster.nodes.maximum, Math.max(...c.fabrics.map((f) => f.max_nodes)), 'cluster.nodes maximum');
  for (const t of c.testbeds) assert.match(t.id, new RegExp(cluster.testbed.pattern), `testbed ${t.id} fits cluster.testbed's pattern`);
});

test('the JSON Schema file is what `npm run gen:catalog` writes for the catalog', () => {
  const text = read('scenarios/scenario.schema.json');
  assert.equal(text, schemaText(schemaWithCatalogFacts(JSON.parse(text), core.catalog())), 'run `npm run gen:catalog`');
});

test('the page has a template scenario of every fabric and workload kind the catalog enrols', () => {
  const c = core.catalog();
  for (const f of c.fabrics) {
    const choice = FABRIC_CHOICES.find((x) => x.fabric === f.id);
    assert.ok(choice, `editor topology ${f.id}`);
    assert.equal(choice.template.cluster.fabric, f.id, `${f.id}'s template runs on ${f.id}`);
  }
  for (const w of c.workloads) assert.equal(templateOf(w.id as WorkloadKind).workload.kind, w.id, `template of ${w.id}`);
  for (const f of c.fabrics)
    assert.deepEqual([...MPI_LAYERS[f.id as FabricId]], c.protocols.filter((p) => p.mpi && [f.nic, ...f.side_nics].includes(p.nic)).map((p) => p.id), `MPI layers on ${f.id}`);
});
