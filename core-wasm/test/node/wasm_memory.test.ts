// Long sessions (issue 12 item 4): a page that stays open runs scenario after scenario in one worker, on one wasm
// module whose memory can grow but never shrinks. 100 runs of the default scenario, each trace drained as the worker
// drains it, must leave the module's memory where the first few left it. (It grew by 63 MB over 100 runs while
// retried packets and multi-step DMA chains held themselves through shared_ptr captures: cycles never freed.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm, ROOT } from '../../cli/engines';

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
