// Long sessions (issue 12 item 4): a page that stays open runs scenario after scenario in one worker, on one wasm
// module whose memory can grow but never shrinks. 100 runs of the default scenario, each trace drained as the worker
// drains it, must leave the module's memory where the first few left it. (It grew by 63 MB over 100 runs while
// retried packets and multi-step DMA chains held themselves through shared_ptr captures: cycles never freed.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm, ROOT } from '../../cli/engines';
import { CORE_MAX_MEMORY_MIB } from '../../js/coreBridge';

test('100 runs of the default scenario in one module: its memory stops growing after the first runs', { timeout: 600_000 }, async () => {
  const core = await loadWasm();
  const text = readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8');
  const sizes: number[] = [];
  let records = 0;
  for (let i = 0; i < 100; i++) {
    core.runToEnd(text, 1 << 18, (batch) => (records += batch.n));
    sizes.push(core.heap().length);
  }
  console.log(`wasm memory after runs 1, 10, 100: ${[sizes[0], sizes[9], sizes[99]].map((b) => (b / 1048576).toFixed(1)).join(', ')} MiB; ${records} trace records drained`);
  assert.ok(records > 100 * 100_000, 'every run produced its trace');
  assert.equal(sizes[99], sizes[9], 'memory after run 100 equals memory after run 10');
});

// Past 2 GiB (issue 39 item 2): the module grows to wasm32's 4 GiB (CORE_MAX_MEMORY_MIB), and every pointer the
// bridge gets back above 2 GiB (negative as wasm's i32: the scenario text's copy, the trace columns) is read unsigned.
// Before, the module stopped growing at 2 GiB and a pointer past it would have been a negative offset into the heap.
test('a session whose scenario text and trace columns lie above 2 GiB gives the same run', { timeout: 600_000 }, async () => {
  const text = readFileSync(join(ROOT, 'scenarios/portals-qsnet-pingpong.json'), 'utf8');
  const summary = (core: Awaited<ReturnType<typeof loadWasm>>) => {
    let records = 0;
    let endSum = 0;
    let causeSum = 0;
    const res = core.runToEnd<{ fingerprint: string }>(text, 1 << 18, (b) => {
      records += b.n;
      for (let i = 0; i < b.n; i += 97) {
        endSum += b.t_end_ps[i];
        causeSum += b.cause[i];
      }
    });
    return { fingerprint: res.fingerprint, records, endSum, causeSum };
  };
  const low = summary(await loadWasm());
  const high = await loadWasm();
  const TWO_GIB = 2 ** 31;
  // The allocator hands the first blocks out at the bottom of the heap, so what the session allocates lies above them
  // (three of 720 MiB: sbrk takes a signed 32-bit increment, so no single block reaches 2 GiB).
  for (let i = 0; i < 3; i++) assert.ok((high.module._malloc(720 << 20) >>> 0) > 0, `the module grows to ${(i + 1) * 720} MiB held`);
  const probe = high.module._malloc(16) >>> 0;
  assert.ok(probe > TWO_GIB, `a block allocated after 2 GiB is held lies past 2 GiB (${probe})`);
  high.module._free(probe);
  assert.deepEqual(summary(high), low);
  assert.ok(high.memoryBytes() > TWO_GIB);
  console.log(`module memory with 2 GiB held: ${(high.memoryBytes() / 1048576).toFixed(0)} MiB of ${CORE_MAX_MEMORY_MIB}`);
  for (let i = 0; i < 2; i++) assert.ok((high.module._malloc(720 << 20) >>> 0) > TWO_GIB, 'and on to 3.6 GiB');
});
