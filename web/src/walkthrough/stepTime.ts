/**
 * Simulated time of a walkthrough step (ps), and the message it narrates. A step anchored at a message
 * (`message: {series, bytes, index}`) is `time_us` after the start of the `index`-th (0-based, in start order) message
 * record (trace kind `message`, value = series index) of that series and payload size; otherwise `time_us` from the
 * start of the run. Both return null when the anchor message is not (yet) in the trace. Pure.
 */
import type { TraceStore } from '../trace/traceStore';
import type { Scenario, WalkthroughStep } from '../../../core-wasm/js/scenarioTypes';

const PS_PER_US = 1e6;

/** Trace row of the n-th message record of series index `seriesIndex` with `bytes` payload, or -1. */
function messageRecord(trace: TraceStore, seriesIndex: number, bytes: number | undefined, n: number): number {
  const idx = trace.index.message;
  let seen = 0;
  for (let i = 0; i < idx.length; i++) {
    const r = idx.order[i];
    if (trace.value[r] !== seriesIndex) continue;
    if (bytes !== undefined && trace.bytes[r] !== bytes) continue;
    if (seen++ === n) return r;
  }
  return -1;
}

/** Trace row of the message record a step is anchored at; -1 when it has no anchor or the anchor is not in the trace. */
function anchorRecord(step: WalkthroughStep, scenario: Scenario, trace: TraceStore): number {
  if (!step.message) return -1;
  const series = scenario.workload.series;
  const seriesIndex = step.message.series === undefined ? 0 : series.findIndex((s) => s.id === step.message!.series);
  if (seriesIndex < 0) return -1;
  return messageRecord(trace, seriesIndex, step.message.bytes, step.message.index ?? 0);
}

export function stepTime_ps(step: WalkthroughStep, scenario: Scenario, trace: TraceStore): number | null {
  const offset = step.time_us * PS_PER_US;
  if (!step.message) return offset;
  const r = anchorRecord(step, scenario, trace);
  return r < 0 ? null : trace.t_start_ps[r] + offset;
}

/**
 * The message a step narrates (the trace's message id of its anchor record), which the storage view's list transfer
 * and the event-chain view show while the step is open; null for a step anchored at the run's start or not yet traced.
 */
export function stepMessage(step: WalkthroughStep, scenario: Scenario, trace: TraceStore): number | null {
  const r = anchorRecord(step, scenario, trace);
  return r < 0 ? null : trace.message[r];
}
