// The full wasm module (public/wasm/hpcsim.mjs, the CLI's wasm engine): same results as the native core,
// typed-array trace batches, errors that name the field, and no memory growth from repeated sessions. Every canonical
// scenario's fingerprint on the module the page runs it on: wasm_modules.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { loadWasm, ROOT, runNative, type SimResult } from '../../cli/engines';
import type { CoreBridge } from '../../js/coreBridge';
import { TraceKind } from '../../../web/src/sim/traceKindCodes';

const defaultText = readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8');
const golden = JSON.parse(readFileSync(join(ROOT, 'scenarios/fingerprints.json'), 'utf8')) as Record<string, string>;
const small = JSON.stringify({
  format: 'hpc-interconnect-scenario', version: 1, id: 'small',
  cluster: { fabric: 'qsnet', nodes: 8 },
  workload: { kind: 'pingpong', initiator: 0, target: 4, sizes_bytes: [0, 1024], series: [{ id: 'p', protocol: 'portals', operation: 'put' }] },
});

let core: CoreBridge;
before(async () => {
  core = await loadWasm();
});

test('the default scenario gives the same result in wasm and native, and the stored fingerprint', () => {
  const wasm = core.runToEnd<SimResult>(defaultText);
  const native = runNative(defaultText);
  assert.equal(wasm.fingerprint, native.fingerprint);
  assert.deepEqual(wasm, native);
  assert.equal(wasm.fingerprint, golden['portals-qsnet-pingpong'], 'model behaviour changed: update scenarios/fingerprints.json knowingly');
});

test('a bad scenario is refused with one line naming the field', () => {
  assert.equal(core.create('{"format":"hpc-interconnect-scenario","version":1,"id":"x","cluster":{"fabric":"qsnet","nodes":1}}'), 0);
  assert.equal(core.lastError(), 'cluster.nodes: 1 is outside [2, 1024]');
  assert.equal(core.create('not json'), 0);
  assert.equal(core.lastError(), 'scenario: not valid JSON');
});

test('trace batches are typed-array columns in the wasm heap, bounded in size', () => {
  const id = core.create(small);
  assert.ok(id > 0);
  let records = 0;
  const kinds = new Set<number>();
  for (;;) {
    const status = core.run(id, 5000);
    for (;;) {
      const n = core.traceTake(id, 1000);
      if (n === 0) break;
      assert.ok(n <= 1000);
      const { t_start_ps: t0, t_end_ps: t1, kind } = core.traceBatch(id, n);
      assert.equal(kind.length, n);
      for (let i = 0; i < n; i++) {
        assert.ok(t0[i] <= t1[i]);
        kinds.add(kind[i]);
      }
      records += n;
    }
    if (status === 'finished') break;
  }
  core.destroy(id);
  assert.ok(records > 100);
  for (const k of ['qdma_packet', 'ack_packet', 'pci_transaction', 'nic_thread', 'input_queue', 'match_list', 'event_queue', 'host_op', 'message'] as const)
    assert.ok(kinds.has(TraceKind[k]), `trace kind ${k} present`);
});

test('repeated sessions do not keep growing wasm memory', () => {
  const m = { get HEAPU8() { return core.heap(); } };
  core.runToEnd(small);
  core.runToEnd(small);
  const after2 = m.HEAPU8.length;
  for (let i = 0; i < 5; i++) core.runToEnd(small);
  assert.equal(m.HEAPU8.length, after2);
});

test('the parameter registry carries unit, range and source for every parameter', () => {
  const reg = core.parameters() as { name: string; unit: string; source: string; min: number; max: number; default: number }[];
  assert.ok(reg.length >= 20);
  for (const p of reg) {
    assert.ok(p.unit && p.source, p.name);
    assert.ok(p.min <= p.default && p.default <= p.max, p.name);
  }
});
