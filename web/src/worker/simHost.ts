/**
 * The simulation worker's side of its protocol (core-wasm/js/bridgeTypes.ts ToWorker / FromWorker), apart from the Worker
 * global so that Node tests can run it in-process on the Node build of the core: `start` → ready, topology,
 * (trace | progress)*, done | cancelled | error; `cancel` stops between slices; `message` reads one message's headers
 * from the finished session (kept until the next run); `check` creates and at once destroys a session. The core is
 * driven through the one bridge (core-wasm/js/coreBridge.ts); trace columns leave as transferable typed arrays.
 */
import type { FromWorker, ParameterInfo, ToWorker } from '../../../core-wasm/js/bridgeTypes';
import { CORE_MAX_MEMORY_MIB, CoreBridge, type EmscriptenCore } from '../../../core-wasm/js/coreBridge';

/**
 * A slice of the run: hs_run calls of EVENTS_PER_CALL kernel events until SLICE_MS of wall time has passed; between
 * slices the host drains the trace, reports progress and yields so `cancel` can arrive. Bounding the slice by time
 * rather than by events keeps Cancel prompt on slow machines and heavy scenarios (a fixed 200,000 events took
 * ~100 ms on a loaded 2-core machine): a click is answered within about one slice.
 */
const EVENTS_PER_CALL = 20_000;
const SLICE_MS = 40;
/**
 * Trace records per hs_trace_take batch: one message, appended to the page's trace store in one main-thread task.
 * At 65,536 the 256-node half-shift's appends were tasks of 60-135 ms in Chromium; at 16,384, 50-75 ms under a
 * Chrome trace (the first ones in code not yet optimised, the later ones sharing the 2-core machine with the worker),
 * most of it SortedIndex.merge; at 4,096, under 20 ms (2026-11-28). On the 1,024-node half-shift the first appends
 * are still tasks of 44-83 ms (51 ms of them in SortedIndex.merge, in code not yet optimised). 2,048 was tried: it
 * doubles the messages while a 64-node all-to-all streams about 1 M records per second, and e2e/motion.spec.ts's
 * all-to-all case failed in two clean-clone CI runs in a row with it (that test's failures were later traced to the
 * topology's transition starving while playing: hooks/useTopology.ts).
 */
const RECORDS_PER_BATCH = 4_096;

/** An error tagged with the phase it happened in (see FromWorker 'error'). */
export class PhaseError extends Error {
  constructor(
    message: string,
    readonly phase: 'load' | 'create' | 'run',
  ) {
    super(message);
  }
}

/**
 * The bridge over the module `start` instantiates; when it rejects (its WebAssembly binary did not arrive or compile:
 * Emscripten rejects with its own abort text, issue 39 item 3), that error goes to the console and PhaseError('load')
 * with `failure`, the page's words, is thrown instead. Used by both core sources (online and offline).
 */
export async function startCore(start: () => Promise<EmscriptenCore>, failure: string): Promise<CoreBridge> {
  try {
    return new CoreBridge(await start());
  } catch (err) {
    console.error(err);
    throw new PhaseError(failure, 'load');
  }
}

export interface SimHostOptions {
  /**
   * The core for `scenarioText`: a fresh module per run (`fresh`), or the one kept for checks. `wasmUrl` is the full
   * core's; the worker may load a smaller build beside it that holds the scenario (core-wasm/js/coreModules.ts). Throws
   * PhaseError('load').
   */
  loadCore(wasmUrl: string, fresh: boolean, scenarioText: string): Promise<CoreBridge>;
  /**
   * The full core's parameter registry when the build at `wasmUrl` ships one beside it (public/wasm/modules.json):
   * `ready` then carries it rather than the loaded module's, which holds only its system's parameters. Null: the
   * loaded core's own.
   */
  fullRegistry?(wasmUrl: string): Promise<ParameterInfo[] | null>;
  post(message: FromWorker, transfer?: Transferable[]): void;
  /** Lets queued messages (`cancel`) in between slices. */
  yieldToMessages(): Promise<void>;
  /** Bytes the core's memory may reach before the run stops, bounded (default MEMORY_BUDGET_BYTES). */
  memoryBudgetBytes?: number;
}

/**
 * The core's memory limit in the browser (the module's MAXIMUM_MEMORY, wasm32's 4 GiB: CORE_MAX_MEMORY_MIB) less a
 * margin: a run stops, bounded, once its memory passes this, instead of aborting when an allocation finds no room.
 * The memory is checked after every EVENTS_PER_CALL events, which add a few MB of state even to a 4,096-node
 * collective, and grows by at most a fifth at a time, so the margin holds (issue 39).
 */
export const MEMORY_BUDGET_BYTES = (CORE_MAX_MEMORY_MIB - 320) * 1048576;

export class SimHost {
  private cancelRequested = false;
  private running = false;
  /** The finished run's session, kept for `message` requests; null while none. */
  private finished: { core: CoreBridge; id: number } | null = null;

  constructor(private readonly options: SimHostOptions) {}

  handle(message: ToWorker): void {
    const { post } = this.options;
    if (message.type === 'cancel') {
      this.cancelRequested = true;
      return;
    }
    if (message.type === 'message') {
      post({ type: 'message', requestId: message.requestId, json: this.messageJson(message.message, message.part) });
      return;
    }
    if (message.type === 'parts') {
      this.options
        .loadCore(message.wasmUrl, false, message.scenarioText)
        .then((core) => core.parts(message.scenarioText))
        .catch(() => -1)
        .then((count) => post({ type: 'parts', requestId: message.requestId, count }));
      return;
    }
    if (message.type === 'merge') {
      this.options
        .loadCore(message.wasmUrl, false, message.scenarioText)
        .then((core) => ({ resultText: core.merge(message.scenarioText, message.parts), error: null }))
        .catch((err: unknown) => ({ resultText: null, error: err instanceof Error ? err.message : String(err) }))
        .then((r) => post({ type: 'merged', requestId: message.requestId, ...r }));
      return;
    }
    if (message.type === 'check') {
      // A core that cannot load is reported by the run itself; the check then accepts (error null).
      this.options
        .loadCore(message.wasmUrl, false, message.scenarioText)
        .then((core) => core.check(message.scenarioText))
        .catch(() => null)
        .then((error) => post({ type: 'checked', requestId: message.requestId, error }));
      return;
    }
    if (message.type === 'start') {
      if (this.running) {
        post({ type: 'error', message: 'A simulation is already running in this worker.', phase: 'run' });
        return;
      }
      this.running = true;
      this.cancelRequested = false;
      this.run(message.scenarioText, message.wasmUrl, message.trace !== false, message.memoryBudgetMib, message.part)
        .catch((err: unknown) => {
          const text = err instanceof Error ? err.message : String(err);
          post({ type: 'error', message: text, phase: err instanceof PhaseError ? err.phase : 'run' });
        })
        .finally(() => {
          this.running = false;
        });
    }
  }

  /** Part runs this worker finished, by part, retired (CoreBridge.retire), for `message` requests naming the part. */
  private readonly finishedParts = new Map<number, { core: CoreBridge; id: number }>();

  /** hs_message_json(id, message) of the last whole run or of part `part` when this core exports it (`{}` for an unknown id), else null. */
  private messageJson(message: number, part?: number): string | null {
    const session = part === undefined ? this.finished : this.finishedParts.get(part);
    if (!session) return null;
    try {
      return session.core.messageJson(session.id, message);
    } catch {
      return null;
    }
  }

  private async run(scenarioText: string, wasmUrl: string, postTrace: boolean, budgetMib?: number, part?: number): Promise<void> {
    const { post } = this.options;
    // A part run uses the worker's kept core: the parts it runs one after another stay in one module's memory.
    const core = await this.options.loadCore(wasmUrl, part === undefined, scenarioText);
    const parameters = (await this.options.fullRegistry?.(wasmUrl)) ?? core.parameters();
    post({ type: 'ready', kinds: core.traceKinds(), parameters });

    if (this.finished) {
      this.finished.core.destroy(this.finished.id);
      this.finished = null;
    }
    const id = part === undefined ? core.create(scenarioText) : core.createPart(scenarioText, part);
    if (id <= 0) throw new PhaseError(`The simulator refused the scenario: ${core.lastError() || 'unknown error'}`, 'create');
    let keep = false;
    try {
      // Once: a run never changes its topology (the machine's networks and the workload's node groups).
      post({ type: 'topology', topologyJson: core.topologyText(id) });
      const drainTrace = (): void => {
        if (!postTrace) {
          while (core.traceTake(id, RECORDS_PER_BATCH) > 0) { /* a study keeps no trace */ }
          return;
        }
        for (const batch of core.drainTrace(id, RECORDS_PER_BATCH)) {
          post({ type: 'trace', batch }, [
            batch.t_start_ps.buffer, batch.t_end_ps.buffer, batch.kind.buffer, batch.component.buffer,
            batch.message.buffer, batch.bytes.buffer, batch.value.buffer, batch.cause.buffer,
          ]);
        }
      };
      const budget = budgetMib ? budgetMib * 1048576 : this.options.memoryBudgetBytes ?? MEMORY_BUDGET_BYTES;
      let overBudget = false;
      for (;;) {
        const sliceStart = performance.now();
        let status = core.run(id, EVENTS_PER_CALL);
        while (status === 'more' && !(overBudget = core.memoryBytes() >= budget) && performance.now() - sliceStart < SLICE_MS)
          status = core.run(id, EVENTS_PER_CALL);
        if (status === 'failed') throw new Error(`Simulation failed: ${core.lastError() || 'unknown error'}`);
        drainTrace();
        post({ type: 'progress', now_ps: core.nowPs(id), events: core.events(id), fraction: core.fractionDone(id) });
        if (status === 'finished') break;
        if (overBudget || (status === 'more' && core.memoryBytes() >= budget)) {
          overBudget = true;
          break;
        }
        await this.options.yieldToMessages();
        if (this.cancelRequested) {
          post({ type: 'cancelled', now_ps: core.nowPs(id), events: core.events(id) });
          return;
        }
      }
      keep = true;
      if (part !== undefined && !overBudget) {
        const resultText = core.partResultText(id);
        core.retire(id);
        this.finishedParts.set(part, { core, id });
        post({ type: 'done', resultText, now_ps: core.nowPs(id), events: core.events(id) });
        return;
      }
      this.finished = { core, id };
      // A run stopped at the memory budget carries "bounded" as the CLI's --max-memory does: what finished is in it.
      const resultText = overBudget
        ? JSON.stringify({
            ...(JSON.parse(core.resultText(id)) as object),
            bounded: { reason: 'memory', sim_time_us: core.nowPs(id) / 1e6, events: core.events(id), memory_mib: Math.floor(core.memoryBytes() / 1048576) },
          })
        : core.resultText(id);
      post({
        type: 'done',
        resultText,
        now_ps: core.nowPs(id),
        events: core.events(id),
      });
    } finally {
      if (!keep) core.destroy(id);
    }
  }
}
