// BT-IO's collective write under ROMIO's romio_cb_write hint (protocols/pvfs2/two_phase.h): "automatic", ROMIO's
// default, takes the two-phase path for BT-IO's interleaved cells exactly as "enable" does; "disable" is each
// process's own list I/O; the two-phase run gives the same fingerprint natively and on the page's PVFS2 module.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadWasm, ROOT, runNative, type SimResult } from '../../cli/engines';
import { readManifest, WASM_DIR } from '../../cli/wasmModules';
import { pickCoreModule } from '../../js/coreModules';

interface Table {
  id: string;
  rows: { label: string; values: (number | null)[] }[];
}

/** The shipped BT-IO scenario at class S (seconds of simulated time, not minutes) with `hint`. */
function btio(hint: string): string {
  const s = JSON.parse(readFileSync(join(ROOT, 'scenarios/pvfs2-btio.json'), 'utf8'));
  s.workload.class = 'S';
  s.workload.romio_cb_write = hint;
  delete s.walkthroughs;
  return JSON.stringify(s);
}

const ioTimes = (r: SimResult) =>
  ((r as unknown as { tables: Table[] }).tables.find((t) => t.id === 'btio')!.rows.slice(1)).map((row) => row.values[1]);

test('romio_cb_write: automatic collects BT-IO as enable does, disable writes independently, wasm = native', async () => {
  const automatic = runNative(btio('automatic'));
  const enable = runNative(btio('enable'));
  const disable = runNative(btio('disable'));
  assert.equal(automatic.fingerprint, enable.fingerprint, 'BT-IO interleaves, so automatic means two-phase');
  assert.notEqual(enable.fingerprint, disable.fingerprint);
  for (const r of [enable, disable]) for (const t of ioTimes(r)) assert.ok(typeof t === 'number' && t > 0, `I/O time ${t}`);

  const manifest = readManifest();
  const module = pickCoreModule(manifest, btio('enable'))!;
  assert.equal(module.system, 'pvfs2-elan4');
  const core = await loadWasm(join(WASM_DIR, module.module));
  assert.equal(core.runToEnd<SimResult>(btio('enable')).fingerprint, enable.fingerprint);
});
