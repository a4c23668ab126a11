/** The progress line's figures and text (core-wasm/js/runProgress.ts), for the page and the CLI. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration, formatRate, parseNativeProgress, progressFigures, progressLine } from '../../js/runProgress.ts';

test('rate over the wall time so far; time left from the share done at the same pace; none before 1% or when unknown', () => {
  const f = progressFigures({ elapsedMs: 4000, now_ps: 350e6, events: 20e6, fraction: 0.25 });
  assert.equal(f.eventsPerSecond, 5e6);
  assert.equal(f.fraction, 0.25);
  assert.equal(f.secondsLeft, 12);  // 4 s for a quarter: 12 s for the rest
  assert.equal(progressFigures({ elapsedMs: 4000, now_ps: 0, events: 1, fraction: 0.005 }).secondsLeft, null);
  const unknown = progressFigures({ elapsedMs: 4000, now_ps: 0, events: 1, fraction: -1 });
  assert.equal(unknown.fraction, null);
  assert.equal(unknown.secondsLeft, null);
  assert.equal(progressFigures({ elapsedMs: 0, now_ps: 0, events: 0, fraction: 0 }).eventsPerSecond, 0);
});

test('durations and rates read as a person says them', () => {
  assert.equal(formatDuration(12.4), '12 s');
  assert.equal(formatDuration(185), '3 min 05 s');
  assert.equal(formatDuration(7830), '2 h 10 min');
  assert.equal(formatRate(12.34e6), '12.3 M events/s');
  assert.equal(formatRate(5.414e6), '5.41 M events/s');
  assert.equal(formatRate(850_400), '850 k events/s');
  assert.equal(formatRate(420), '420 events/s');
});

test("the native binary's line reads back into the same figures the wasm run prints", () => {
  const s = parseNativeProgress('progress: 349.876 us simulated, 20000000 events, 0.250000 done', 4000)!;
  assert.deepEqual(s, { elapsedMs: 4000, now_ps: 349.876e6, events: 20e6, fraction: 0.25 });
  assert.equal(progressLine(s), 'progress: 349.876 us simulated, 20000000 events, 5.00 M events/s, 25% done, about 12 s left');
  assert.equal(parseNativeProgress('progress: 1.000 us simulated, 5 events, -1.000000 done', 1)!.fraction, -1);
  assert.equal(parseNativeProgress('stalled: rank 3', 1), null);
});
