// Playback modes (playback/playbackModes.ts): stepping to the next/previous record of one kind or of some components,
// and the log-scaled and event-indexed time bars.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { eventPosition, eventTime, idleSkip, logPosition, logTime, stepTarget } from '../src/playback/playbackModes.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { batch } from './support/traceBatch.ts';


function trace(): TraceStore {
  const t = new TraceStore();
  t.append(batch([
    [10, 20, TraceKind.host_op, 1, 0, 0, 1],          // node 0's host
    [30, 40, TraceKind.pci_transaction, 2, 0, 64, 1], // node 0's bus
    [50, 60, TraceKind.qdma_packet, 9, 1, 64, 0],     // a link
    [70, 80, TraceKind.host_op, 4, 0, 0, 1],          // node 1's host
    [90, 95, TraceKind.pci_transaction, 5, 0, 64, 1], // node 1's bus
  ]));
  return t;
}

test('Step and Back move to the next or previous record of any kind, one kind, or one node', () => {
  const t = trace();
  assert.equal(stepTarget(t, 0, 1, null, null), 10);
  assert.equal(stepTarget(t, 10, 1, null, null), 30);
  assert.equal(stepTarget(t, 10, 1, 'packet', null), 50);
  assert.equal(stepTarget(t, 50, 1, 'packet', null), null);
  assert.equal(stepTarget(t, 0, 1, 'pci', new Set([4, 5])), 90);   // node 1's parts only
  assert.equal(stepTarget(t, 100, -1, 'host_op', null), 70);
  assert.equal(stepTarget(t, 70, -1, null, new Set([1, 2])), 30);
  assert.equal(stepTarget(t, 10, -1, null, null), null);
});

test('the log-scaled time bar gives the first microseconds as much room as the last seconds, both ways exact', () => {
  const end = 1e12; // 1 s in ps
  assert.equal(logTime(0, end), 0);
  assert.ok(Math.abs(logTime(1, end) - end) < 1);
  const t = logTime(0.25, end);
  assert.ok(t > 0 && t < 1e8, String(t)); // a quarter of the bar covers the first ~30 µs of a 1 s run
  for (const p of [0.1, 0.5, 0.9]) assert.ok(Math.abs(logPosition(logTime(p, end), end) - p) < 1e-9);
  assert.equal(logPosition(0, end), 0);
  assert.equal(logTime(0.5, 0), 0);
});

test('idle skipping jumps only over stretches with nothing on screen, packets or busy parts', () => {
  const t = trace(); // activity at 10-20, 30-40, 50-60, 70-80, 90-95 ps
  assert.equal(idleSkip(t, 15, 1e-6), 15);             // a host is busy
  assert.equal(idleSkip(t, 22, 1e-6), 29.75);          // 8 ps to the bus at 30: more than 1 s at 1 ps/s
  assert.equal(idleSkip(t, 22, 1e-5), 22);             // 0.8 s at 10 ps/s: play through
  assert.equal(idleSkip(t, 100, 1e-6), 100);           // nothing after
});

test('the event-indexed time bar gives each record an equal share, idle stretches none, both ways consistent', () => {
  const t = trace();   // 5 records starting at 10, 30, 50, 70, 90 ps
  assert.equal(eventPosition(t, 0), 0);
  assert.equal(eventPosition(t, 10), 0.2);
  assert.equal(eventPosition(t, 29), 0.2);   // nothing starts in (10, 30): no bar for it
  assert.equal(eventPosition(t, 50), 0.6);
  assert.equal(eventPosition(t, 1000), 1);
  assert.equal(eventTime(t, 0, 95), 0);
  assert.equal(eventTime(t, 0.2, 95), 10);   // the first record's start
  assert.equal(eventTime(t, 0.5, 95), 50);   // rank ceil(2.5) = 3: the third record
  assert.equal(eventTime(t, 0.61, 95), 70);
  assert.equal(eventTime(t, 1, 95), 95);
  for (const p of [0.2, 0.4, 0.6, 0.8]) assert.equal(eventPosition(t, eventTime(t, p, 95)), p);
  assert.equal(eventTime(new TraceStore(), 0.5, 100), 50);   // an empty trace falls back to linear
});
