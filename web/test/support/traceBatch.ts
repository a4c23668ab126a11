// A trace batch as the worker delivers it, from rows of [t_start_ps, t_end_ps, kind, component, message, bytes,
// value, cause?] (the core's record columns, core-wasm/src/kernel/trace.h; cause 0 = none when left out): the Node
// tests' way to write a trace by hand.
import type { TraceBatch } from '../../../core-wasm/js/bridgeTypes.ts';

export function batch(records: number[][]): TraceBatch {
  const col = (i: number) => records.map((r) => r[i]);
  return {
    n: records.length,
    t_start_ps: new Float64Array(col(0)), t_end_ps: new Float64Array(col(1)), kind: new Uint32Array(col(2)),
    component: new Uint32Array(col(3)), message: new Uint32Array(col(4)), bytes: new Uint32Array(col(5)),
    value: new Int32Array(col(6)), cause: new Uint32Array(records.map((r) => r[7] ?? 0)),
  };
}
