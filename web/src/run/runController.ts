/**
 * One simulation run and everything its views read: its worker (worker/sim.worker.ts), its trace records (a
 * TraceStore, outside React), its state (a zustand store: status, progress, topology, result, names from the core),
 * and its message channel to the finished session (hs_message_json). The page's run and the comparison run are two
 * RunControllers (run/runs.ts); views reach theirs through React context (run/RunContext.tsx), so one ClusterView,
 * PacketLayers or hook serves either run without knowing which it is.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FromWorker, ParameterInfo, SimResult, Topology, ToWorker } from '../../../core-wasm/js/bridgeTypes';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { parseKindNames, type KindNames } from '../sim/traceKinds';
import { normalizeResult } from '../sim/normalizeResult';
import { failureText } from './failureText';
import { MessageChannel } from '../sim/messageChannel';
import { TraceStore } from '../trace/traceStore';
import { progressFigures, type ProgressFigures } from '../../../core-wasm/js/runProgress';

export type RunStatus = 'idle' | 'loading' | 'running' | 'finished' | 'cancelled' | 'error';

export interface RunState {
  /** Scenario-store revision this run belongs to (a result of an older revision is stale). */
  revision: number;
  /** The scenario this run simulates (null before any). */
  scenario: Scenario | null;
  status: RunStatus;
  /** Why the run stopped or its result is missing, as the page shows it; null when none. */
  error: string | null;
  now_ps: number;
  events: number;
  /** While computing: events per second, the share done and the time left (core-wasm/js/runProgress.ts). */
  progress: ProgressFigures | null;
  /** Latest time covered by the trace (or the simulated end time once finished), ps. */
  end_ps: number;
  /** Changes whenever `trace` received records (painters re-read the arrays). */
  traceVersion: number;
  traceRecords: number;
  topology: Topology | null;
  kindNames: KindNames | null;
  parameters: ParameterInfo[];
  result: SimResult | null;
}

const INITIAL: Omit<RunState, 'revision' | 'traceVersion'> = {
  scenario: null,
  status: 'idle',
  error: null,
  now_ps: 0,
  events: 0,
  progress: null,
  end_ps: 0,
  traceRecords: 0,
  topology: null,
  kindNames: null,
  parameters: [],
  result: null,
};

/** What the controller needs of a worker (a DOM Worker running worker/sim.worker.ts, or a test's stand-in). */
export interface SimWorker {
  postMessage(message: ToWorker): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

/** Where a run failed: the worker's phases (load = the core module, create = hs_create refused the scenario, run =
 * later), the worker itself, or reading the result. */
export type RunErrorPhase = 'load' | 'create' | 'run' | 'worker' | 'result';

/** What the owner of a run hears besides the state (the page shows banners, selects a node). */
export interface RunEvents {
  /** The core's topology arrived. */
  topology?(topology: Topology): void;
  /** The run failed (`phase` as the worker says; 'worker' = the worker itself failed) or its result was unreadable. */
  error?(message: string, phase: RunErrorPhase): void;
  /** The run finished (its trace complete). */
  finished?(): void;
}

export interface RunOptions {
  /** Short id for data attributes ("a", "b"). */
  id: string;
  /** "Run A"; names this run where several are shown side by side. */
  label: string;
  /** How a view that can show any run's data names this one: "" for the page's own run, "Run B" for the comparison. */
  qualifier: string;
  /** Suffix of the data-testids of this run's views ("" for the page's run, "-b" for the comparison). */
  testSuffix: string;
  /** Minimum wall time between trace-version bumps while the run streams, ms (keeps React renders cheap). */
  traceNotifyMs: number;
  /** A worker for a run of `scenario` (a PartsWorker over several when its workload has parts: run/partsWorker.ts). */
  createWorker: (scenario: Scenario) => SimWorker;
  /** Wall clock, ms (performance.now). */
  now?: () => number;
}

export class RunController {
  readonly trace = new TraceStore();
  readonly messages = new MessageChannel();
  readonly store: StoreApi<RunState> = createStore<RunState>(() => ({ ...INITIAL, revision: 0, traceVersion: 0 }));
  readonly id: string;
  readonly label: string;
  readonly qualifier: string;
  readonly testSuffix: string;
  private worker: SimWorker | null = null;

  constructor(private readonly options: RunOptions) {
    this.id = options.id;
    this.label = options.label;
    this.qualifier = options.qualifier;
    this.testSuffix = options.testSuffix;
  }

  state(): RunState {
    return this.store.getState();
  }

  /** Ends any run going on and clears the trace and state for scenario revision `revision`. */
  reset(revision: number, patch: Partial<Pick<RunState, 'scenario' | 'status' | 'error'>> = {}): void {
    this.stop();
    this.trace.clear();
    this.store.setState((s) => ({ ...INITIAL, ...patch, revision, traceVersion: s.traceVersion + 1 }));
  }

  /**
   * Runs `scenario` (of scenario revision `revision`) in a fresh worker loading the core from `wasmUrl`, replacing
   * any run going on: status loading → running → finished | cancelled | error, the trace growing as batches arrive.
   * `shipped`: the scenario is a shipped file as it stands (a failure then names it to the CLI by its id).
   */
  start(scenario: Scenario, revision: number, wasmUrl: string, events: RunEvents = {}, shipped = false): void {
    this.reset(revision, { scenario, status: 'loading' });
    const worker = this.options.createWorker(scenario);
    this.worker = worker;
    const now = this.options.now ?? (() => performance.now());
    const patch = (p: Partial<RunState>) => this.store.setState(p);
    let lastNotify = -Infinity;
    let pending = false;
    let deferred = false;
    /**
     * Bumps traceVersion: 'batch' at most every traceNotifyMs (a trace batch arrived), 'flush' now if batches are
     * waiting (progress), 'now' now and in this task (the run ended). 'batch' and 'flush' bump in a task of their own
     * (a 0 ms timer), not in the message's: React renders the views in a microtask after the bump, so in the same task
     * a batch's ingestion and the views' render added up (80-160 ms on the 256-node half-shift).
     */
    const notifyTrace = (mode: 'batch' | 'flush' | 'now') => {
      const t = now();
      if (mode === 'batch' && t - lastNotify < this.options.traceNotifyMs) {
        pending = true;
        return;
      }
      if (mode === 'flush' && !pending) return;
      lastNotify = t;
      pending = false;
      if (mode === 'now') {
        this.announceTrace();
        return;
      }
      if (deferred) return;
      deferred = true;
      setTimeout(() => {
        deferred = false;
        if (this.worker === worker) this.announceTrace();
      }, 0);
    };
    const fail = (raw: string, phase: RunErrorPhase) => {
      notifyTrace('now');
      const { events: count, now_ps } = this.store.getState();
      const message = failureText(raw, phase, { scenario: scenario.id, shipped, events: count, now_ps });
      patch({ status: 'error', error: message });
      this.stop();
      events.error?.(message, phase);
    };
    this.died = (reason) => fail(reason, 'worker');

    let computingSince = now();
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (this.worker !== worker) return; // a newer run replaced this one
      const m = e.data;
      switch (m.type) {
        case 'ready':
          computingSince = now();
          patch({ kindNames: parseKindNames(m.kinds), parameters: m.parameters, status: 'running' });
          break;
        case 'topology': {
          const topology = JSON.parse(m.topologyJson) as Topology;
          patch({ topology });
          events.topology?.(topology);
          break;
        }
        case 'trace':
          this.trace.append(m.batch);
          notifyTrace('batch');
          break;
        case 'progress':
          patch({
            now_ps: m.now_ps,
            events: m.events,
            progress: progressFigures({ elapsedMs: now() - computingSince, now_ps: m.now_ps, events: m.events, fraction: m.fraction }),
          });
          notifyTrace('flush');
          break;
        case 'done': {
          notifyTrace('now');
          let result: SimResult | null = null;
          let error: string | null = null;
          try {
            result = normalizeResult(m.resultText);
          } catch (err) {
            error = `The simulator's result could not be read: ${(err as Error).message}`;
          }
          // The topology stays the object sent at the start (a run does not change it), so views keyed on it (the
          // layout, the zoom, the topology index) are not rebuilt and a zoom is not lost.
          patch({
            status: 'finished', result, error, now_ps: m.now_ps, events: m.events,
            end_ps: Math.max(this.trace.end_ps, m.now_ps),
          });
          if (error) events.error?.(error, 'result');
          else events.finished?.();
          // The worker keeps the finished session for hs_message_json until a new run replaces it.
          this.messages.attach(worker);
          break;
        }
        case 'message':
          this.messages.receive(m.requestId, m.json);
          break;
        case 'cancelled':
          notifyTrace('now');
          patch({ status: 'cancelled', now_ps: m.now_ps, events: m.events });
          this.stop();
          break;
        case 'error':
          fail(m.message, m.phase);
          break;
        default:
          break;
      }
    };
    worker.onerror = (e) => {
      if (this.worker === worker) fail(e.message || '', 'worker');
    };
    const budget = this.memoryBudgetMib === undefined ? {} : { memoryBudgetMib: this.memoryBudgetMib };
    worker.postMessage({ type: 'start', scenarioText: JSON.stringify(scenario), wasmUrl, ...budget });
  }

  /**
   * Stops a loading or running run at once: its worker is terminated (a cancelled run's session is never read
   * again), the status becomes cancelled with the last progress the worker reported, and the trace received so far
   * stays. (Asking the worker with the protocol's `cancel` waited for the end of its slice and a message round trip:
   * 70-100 ms on a loaded 2-core machine.) The status changes in the click's own task; the views over the trace
   * are told of the batches that arrived since their last notification in a task of their own, so that their
   * recomputation (tens of ms for 1,024 nodes) does not delay the status a user waits for.
   */
  /**
   * The running worker has died (a test hook ends it this way; a crash reports it through onerror): terminated, the
   * run fails in the project's words, and the trace received so far stays.
   */
  killWorker(reason = ''): void {
    const { status } = this.store.getState();
    if (!this.worker || (status !== 'running' && status !== 'loading')) return;
    this.worker.terminate();
    this.died?.(reason);
  }

  private died: ((reason: string) => void) | null = null;

  /**
   * MiB of core memory at which the next runs stop, bounded, instead of the worker's budget (undefined: the worker's,
   * the core's 4,096 MiB less a margin). Set by the page's test hook, so that a test reaches the budget in seconds.
   */
  memoryBudgetMib: number | undefined = undefined;

  cancel(): void {
    const { status } = this.store.getState();
    if (!this.worker || (status !== 'running' && status !== 'loading')) return;
    this.stop();
    this.store.setState({ status: 'cancelled' });
    // Announces whatever trace the store holds then: this one's, or a newer run's (a harmless extra notification).
    setTimeout(() => this.announceTrace(), 0);
  }

  /** Tells the views over the trace that it changed: a new traceVersion, its record count and end time. */
  private announceTrace(): void {
    this.store.setState((s) => ({
      traceVersion: s.traceVersion + 1,
      traceRecords: this.trace.length,
      end_ps: Math.max(s.end_ps, this.trace.end_ps),
    }));
  }

  /** Ends the worker (and the finished session its message channel reads); the state and trace stay. */
  stop(): void {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    this.messages.detach(worker);
    worker.terminate();
  }

  /** Calls `onChange` whenever the trace grew; returns the unsubscribe function. */
  subscribeTrace = (onChange: () => void): (() => void) =>
    this.store.subscribe((s, prev) => {
      if (s.traceVersion !== prev.traceVersion) onChange();
    });
}
