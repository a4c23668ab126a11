import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceStore } from '../src/trace/traceStore.ts';
import { busyComponents } from '../src/trace/busyComponents.ts';
import { TraceKind } from '../src/sim/traceKindCodes.ts';
import { batch } from './support/traceBatch.ts';

test('a PVFS2 host is busy while its threads work, not while its BMI test sleeps in poll()', () => {
  const store = new TraceStore();
  // host 3: a server request 0-30, then asleep in poll() 30-100 (pvfs2_work codes 8 and 18); host 4: a Trove call.
  store.append(batch([
    [0, 30, TraceKind.pvfs2_work, 3, 0, 0, 8],
    [30, 100, TraceKind.pvfs2_work, 3, 0, 0, 18],
    [20, 60, TraceKind.trove_op, 4, 0, 4096, 1],
  ]));
  assert.deepEqual([...busyComponents(store, 10)].sort(), [3]);
  assert.deepEqual([...busyComponents(store, 40)].sort(), [4]);
  assert.deepEqual([...busyComponents(store, 80)].sort(), []);
});
