// Motion at once (playback/playStart.ts): Play skips an idle lead-in to just before the next packet, never a stretch
// where packets move or a short gap; a fresh run's speed follows its first message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { playStartTime, speedForRun } from '../src/playback/playStart.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { batch } from './support/traceBatch.ts';


const US = 1e6;
/** A message posted at 0 and delivered at 8 µs; its first packet crosses a link from 5 µs to 6 µs, another at 30 µs. */
function run(): TraceStore {
  const t = new TraceStore();
  t.append(batch([
    [0, 8 * US, TraceKind.message, 1, 1, 0, 0],
    [5 * US, 6 * US, TraceKind.qdma_packet, 7, 1, 64, 0],
    [30 * US, 31 * US, TraceKind.qdma_packet, 8, 2, 64, 0],
  ]));
  return t;
}

test('Play at an idle start jumps to a quarter second of wall time before the next packet', () => {
  const t = run();
  assert.equal(playStartTime(t, 0, 1), 5 * US - 0.25 * US);        // 5 µs away at 1 µs/s: skip
  assert.equal(playStartTime(t, 0, 0.1), 5 * US - 0.025 * US);
  assert.equal(playStartTime(t, 0, 10), 0);                          // 0.5 s away at 10 µs/s: play through
  assert.equal(playStartTime(t, 5.5 * US, 1), 5.5 * US);             // a packet is moving: stay
  assert.equal(playStartTime(t, 10 * US, 1), 30 * US - 0.25 * US);   // the gap before the second packet
  assert.equal(playStartTime(t, 40 * US, 1), 40 * US);               // nothing after: stay
});

test('a fresh run plays at the fastest speed at which its first message still takes 5 s', () => {
  const speeds = [0.1, 1, 10, 100, 1000, 10000];
  assert.equal(speedForRun(run(), speeds), 1);  // 8 µs / 5 s = 1.6 µs/s: 1 µs/s
  assert.equal(speedForRun(new TraceStore(), speeds), null);
  const long = new TraceStore();
  long.append(batch([[0, 1e6 * US, TraceKind.message, 1, 1, 0, 0]]));
  assert.equal(speedForRun(long, speeds), 10000);
  const short = new TraceStore();
  short.append(batch([[0, 0.2 * US, TraceKind.message, 1, 1, 0, 0]]));
  assert.equal(speedForRun(short, speeds), 0.1); // never slower than the slowest listed
});
