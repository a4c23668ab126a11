// The boundary between the core and its TypeScript callers is one contract: the bridge's export table
// (web/src/sim/coreBridge.ts) is exactly what wasm.cmake exports and bridge.cc defines.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { loadWasm, ROOT } from '../../cli/engines';
import { CORE_EXPORTS, type CoreBridge } from '../../../web/src/sim/coreBridge';

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
  assert.deepEqual(sorted(cmakeExports()), table, 'core-wasm/cmake/wasm.cmake EXPORTED_FUNCTIONS vs web/src/sim/coreBridge.ts CORE_EXPORTS');
  assert.deepEqual(sorted(bridgeDefinitions()), table, 'core-wasm/app/wasm/bridge.cc HS_EXPORT vs web/src/sim/coreBridge.ts CORE_EXPORTS');
});

test('every function of the table is exported by the Node build of the module', () => {
  for (const name of Object.keys(CORE_EXPORTS) as (keyof typeof CORE_EXPORTS)[]) assert.ok(core.has(name), name);
});
