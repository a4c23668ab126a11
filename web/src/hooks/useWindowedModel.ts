import { useMemo, useRef } from 'react';
import type { TraceStore } from '../trace/traceStore';

export interface WindowedCache<T> {
  trace: TraceStore;
  inputs: readonly unknown[];
  epoch: number;
  /** Records the store held when `value` was computed. */
  length: number;
  value: T;
}

/**
 * Whether `cache` still holds the model of the window ending at `to_ps` for `inputs`: same inputs (Object.is, one
 * by one), the same trace store and epoch, `complete`, and no record appended since that starts at or before `to_ps`. Pure.
 */
export function windowedCacheValid<T>(
  cache: WindowedCache<T> | null, trace: TraceStore, to_ps: number, inputs: readonly unknown[], complete: (value: T) => boolean,
): cache is WindowedCache<T> {
  return (
    cache !== null && cache.trace === trace && cache.epoch === trace.epoch && cache.inputs.length === inputs.length &&
    cache.inputs.every((x, i) => Object.is(x, inputs[i])) && trace.earliestStartSince(cache.length) > to_ps && complete(cache.value)
  );
}

/**
 * A model of the trace records overlapping a time window ending at `to_ps` (a sequence chart's, a timeline's),
 * recomputed when the trace grows only if a record appended since could lie in the window: while a run computes
 * past the window (the cursor waits at its start, or plays behind the run), the views keep their model (the same
 * object) instead of rescanning the window on every trace notification (13 ms for a 1,024-node timeline). `inputs`
 * are everything else `compute` reads (window start, node, options); a change of any recomputes, as does the trace's
 * clear (TraceStore.epoch). `compute` must read only records overlapping the window, and records that precede those
 * it reads; `complete(value)` false means a later record may still change it (a message whose first packet has
 * not arrived), so it is recomputed. Returns `compute()`'s value, or the earlier one it still equals.
 */
export function useWindowedModel<T>(
  trace: TraceStore, version: number, to_ps: number, inputs: readonly unknown[], compute: () => T,
  complete: (value: T) => boolean = () => true,
): T {
  const cache = useRef<WindowedCache<T> | null>(null);
  return useMemo(() => {
    const c = cache.current;
    if (windowedCacheValid(c, trace, to_ps, inputs, complete)) {
      c.length = trace.length; // the records in between all start after the window
      return c.value;
    }
    const value = compute();
    cache.current = { trace, inputs, epoch: trace.epoch, length: trace.length, value };
    return value;
    // version: the trace store (outside React) grew; `inputs` compared above, element by element
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trace, version, to_ps, ...inputs]);
}
