/**
 * Simulated time of a walkthrough step (ps). A step anchored at a message (`message: {series, bytes, index}`)
 * is `time_us` after the start of the `index`-th (0-based, in start order) message record (trace kind `message`, value
 * = series index) of that series and payload size; otherwise `time_us` from the start of the run.
 * Returns null when the anchor message is not (yet) in the trace. Pure.
 */
import type { TraceStore } from '../trace/traceStore';
import type { Scenario, WalkthroughStep } from '../scenario/scenarioTypes';

const PS_PER_US = 1e6;

/** Start (ps) of the n-th message of series index `seriesIndex` with `bytes` payload, or null. */
export function messageStart(trace: TraceStore, seriesIndex: number, bytes: number | undefined, n: number): number | null {
  const idx = trace.index.message;
  let seen = 0;
  for (let i = 0; i < idx.length; i++) {
    const r = idx.order[i];
    if (trace.value[r] !== seriesIndex) continue;
    if (bytes !== undefined && trace.bytes[r] !== bytes) continue;
    if (seen++ === n) return trace.t_start_ps[r];
  }
  return null;
}

export function stepTime_ps(step: WalkthroughStep, scenario: Scenario, trace: TraceStore): number | null {
  const offset = step.time_us * PS_PER_US;
  if (!step.message) return offset;
  const series = scenario.workload.series;
  const seriesIndex = step.message.series === undefined ? 0 : series.findIndex((s) => s.id === step.message!.series);
  if (seriesIndex < 0) return null;
  const start = messageStart(trace, seriesIndex, step.message.bytes, step.message.index ?? 0);
  return start === null ? null : start + offset;
}
