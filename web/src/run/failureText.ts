/**
 * A failed run in the project's words (issue 39): what happened and what to do, never Emscripten's own text
 * ("Aborted(). Build with -s ASSERTIONS=1 for more info."). The core's refusals of a scenario ('create') and a
 * module that cannot load ('load') already speak for themselves and pass through. Pure.
 */
import { CORE_MAX_MEMORY_MIB } from '../../../core-wasm/js/coreBridge';
import type { RunErrorPhase } from './runController';

export interface FailureContext {
  /** The scenario's id, and whether it is a shipped one (the CLI then runs it by its id). */
  scenario: string;
  shipped: boolean;
  /** How far the run got: kernel events and simulated time (ps). */
  events: number;
  now_ps: number;
}

/** Texts of the WebAssembly runtime when the core aborts, traps or runs out of memory. */
const MEMORY = /Cannot enlarge memory|out of memory|OOM|Array buffer allocation failed|Maximum call stack/i;
const ABORT = /Aborted\(|RuntimeError|unreachable|memory access out of bounds|table index is out of bounds|ASSERTIONS/i;

function progress(c: FailureContext): string {
  const t = c.now_ps >= 1e12 ? `${(c.now_ps / 1e12).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`
    : `${(c.now_ps / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} µs`;
  return `after ${c.events.toLocaleString('en-US')} events (${t} simulated)`;
}

/** What to do instead: the native CLI, which has all the machine's memory, and smaller runs. */
function advice(c: FailureContext): string {
  const target = c.shipped ? c.scenario : '<file> (save it with Export: Scenario file)';
  return `What it computed is kept: press Play to watch it. To run it whole, run it natively: npm run sim -- ${target} ` +
    `(add --max-events N or --max-memory MiB to stop it early), or make the cluster or the workload smaller.`;
}

export function failureText(raw: string, phase: RunErrorPhase, c: FailureContext): string {
  if (phase === 'create' || phase === 'load' || phase === 'result') return raw;
  if (phase === 'worker')
    return `The simulation worker stopped unexpectedly ${progress(c)}${raw ? ` (${raw})` : ''}. ${advice(c)} ` +
      'The page is still usable: open another scenario, or press Run to try again.';
  if (MEMORY.test(raw)) return `The simulator ran out of memory in the browser ${progress(c)}. ${advice(c)}`;
  if (ABORT.test(raw)) return `The simulator's WebAssembly core stopped on an internal error ${progress(c)}. ${advice(c)}`;
  return raw;
}

/** A run the page stopped at its memory budget (the result's `bounded`, reason "memory"), in the project's words. */
export function boundedText(c: FailureContext & { memory_mib?: number }): string {
  return `The run stopped at the browser's memory budget (${c.memory_mib ?? '?'} MiB of the simulator's ${CORE_MAX_MEMORY_MIB.toLocaleString('en-US')}) ` +
    `${progress(c)}: the figures cover only what finished. ${advice(c)}`;
}
