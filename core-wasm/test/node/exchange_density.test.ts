// The shipped 256-node exchange (scenarios/ompi-elan4-256-exchange.json) puts a packet on every directed link of its
// fat tree at once: the peak that `npm run bench:ui` plays, counted from the wasm build's trace as the bench counts it
// (e2e/bench/packetDensity.ts). 256 routes of 8 links (4 up, 4 down a four-level quaternary tree) = 2,048.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../cli/engines';
import { packetDensity } from '../../../e2e/bench/packetDensity';

test('the 256-node exchange has 2,048 packets in flight at its peak, every directed link of the tree', async () => {
  const text = readFileSync(join(ROOT, 'scenarios/ompi-elan4-256-exchange.json'), 'utf8');
  const d = await packetDensity(text);
  assert.equal(d.peak, 2048);
  assert.ok(d.from_ps <= d.peak_ps && d.peak_ps < d.to_ps, 'the dense window holds the peak');
  // The first packets leave once the rendezvous is under way (µs after the start), and before the first call ends.
  assert.ok(d.peak_ps > 1e6 && d.peak_ps < 150e6, `peak at ${d.peak_ps} ps`);
});
