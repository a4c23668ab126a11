/**
 * A run kept with its whole trace, for analyses that need every record (the CLI's --critical-path, Node tests):
 * the scenario runs to its end on a CoreBridge, its trace batches are joined into one set of columns, and its
 * topology is read before the session is freed. Memory: 40 bytes per record (at most the trace's limit).
 */
import type { CoreBridge } from './coreBridge';
import type { Topology, TraceBatch, TraceColumnArrays, TraceColumnsView } from './bridgeTypes';

/** The names of the trace columns, in the bridge's order. */
export const TRACE_COLUMN_NAMES = ['t_start_ps', 't_end_ps', 'kind', 'component', 'message', 'bytes', 'value', 'cause'] as const satisfies readonly (keyof TraceColumnArrays)[];

/** Copies every column of `src` into `dst` from record `at` on (dst's columns must hold them). */
export function setColumns(dst: TraceColumnArrays, src: TraceColumnArrays, at: number): void {
  for (const c of TRACE_COLUMN_NAMES) (dst[c] as Float64Array | Uint32Array | Int32Array).set(src[c] as never, at);
}

export interface TracedRun<R> {
  result: R;
  topology: Topology;
  trace: TraceColumnsView;
}

/** Joins batches into one set of columns, in order. */
export function joinBatches(batches: TraceBatch[]): TraceColumnsView {
  const n = batches.reduce((s, b) => s + b.n, 0);
  const out: TraceColumnsView = {
    length: n,
    t_start_ps: new Float64Array(n), t_end_ps: new Float64Array(n), kind: new Uint32Array(n), component: new Uint32Array(n),
    message: new Uint32Array(n), bytes: new Uint32Array(n), value: new Int32Array(n), cause: new Uint32Array(n),
  };
  let at = 0;
  for (const b of batches) {
    setColumns(out, b, at);
    at += b.n;
  }
  return out;
}

/**
 * Runs `scenarioText` to its end keeping every trace record (the scenario's limits apply); throws the core's error
 * (naming the field) when refused. `part`: run only that part of a workload with parts (coreBridge createPart).
 */
export function runKeepingTrace<R = unknown>(core: CoreBridge, scenarioText: string, budget = 1 << 18, part?: number): TracedRun<R> {
  const id = part === undefined ? core.create(scenarioText) : core.createPart(scenarioText, part);
  if (id <= 0) throw new Error(core.lastError() || 'the core refused the scenario');
  try {
    const topology = core.topology(id);
    const batches: TraceBatch[] = [];
    for (;;) {
      const status = core.run(id, budget);
      for (const batch of core.drainTrace(id)) batches.push(batch);
      if (status === 'finished') break;
      if (status === 'failed') throw new Error(core.lastError() || 'the run failed');
    }
    return { result: JSON.parse(part === undefined ? core.resultText(id) : core.partResultText(id)) as R, topology, trace: joinBatches(batches) };
  } finally {
    core.destroy(id);
  }
}
