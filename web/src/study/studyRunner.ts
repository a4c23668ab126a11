/**
 * Runs a parameter study's variants on a pool of simulation workers (worker/sim.worker.ts, one core each), at most
 * `navigator.hardwareConcurrency` at once, each run's result only (the workers drain their traces unposted).
 * `cancel()` terminates every worker at once: nothing waits for a slice to end.
 */
import type { FromWorker, ToWorker } from '../../../core-wasm/js/bridgeTypes';
import { simWorker } from '../run/runs';

export interface StudyJob {
  index: number;
  scenarioText: string;
}

export interface StudyCallbacks {
  /** A run finished: its result JSON, parsed. */
  onResult(index: number, result: unknown): void;
  /** A run failed (refused, failed, or its worker died): the message. */
  onError(index: number, message: string): void;
  /** Share of all the runs' work done, 0-1 (runs without a fraction count when they finish). */
  onProgress(fraction: number): void;
  onDone(): void;
}

export class StudyRunner {
  private workers: Worker[] = [];
  private cancelled = false;

  constructor(private readonly wasmUrl: string, private readonly createWorker: () => Worker = simWorker) {}

  /** Starts the jobs on min(workers, jobs) workers; callbacks until onDone (never after cancel). */
  start(jobs: StudyJob[], cb: StudyCallbacks, workers = Math.max(1, navigator.hardwareConcurrency || 1)): void {
    const queue = [...jobs];
    const fractions = new Map<number, number>(jobs.map((j) => [j.index, 0]));
    let open = jobs.length;
    const report = () => cb.onProgress([...fractions.values()].reduce((a, b) => a + b, 0) / Math.max(1, jobs.length));
    const finish = (index: number) => {
      fractions.set(index, 1);
      report();
      if (--open === 0 && !this.cancelled) {
        this.stopWorkers();
        cb.onDone();
      }
    };
    const next = (worker: Worker) => {
      const job = queue.shift();
      if (!job || this.cancelled) return;
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        if (this.cancelled) return;
        const m = e.data;
        if (m.type === 'progress') {
          if (m.fraction >= 0) fractions.set(job.index, Math.min(0.99, m.fraction));
          report();
        } else if (m.type === 'done') {
          cb.onResult(job.index, JSON.parse(m.resultText));
          finish(job.index);
          next(worker);
        } else if (m.type === 'error') {
          cb.onError(job.index, m.message);
          finish(job.index);
          next(worker);
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        if (this.cancelled) return;
        cb.onError(job.index, 'the simulation worker stopped (out of memory, or the core aborted)');
        finish(job.index);
        worker.terminate();
        const fresh = this.createWorker();
        this.workers = this.workers.map((w) => (w === worker ? fresh : w));
        next(fresh);
      };
      const start: ToWorker = { type: 'start', scenarioText: job.scenarioText, wasmUrl: this.wasmUrl, trace: false };
      worker.postMessage(start);
    };
    for (let i = 0; i < Math.min(workers, jobs.length); i++) {
      const w = this.createWorker();
      this.workers.push(w);
      next(w);
    }
    if (jobs.length === 0) cb.onDone();
  }

  /** Stops every run now (terminates the workers); no callback follows. */
  cancel(): void {
    this.cancelled = true;
    this.stopWorkers();
  }

  private stopWorkers(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }
}
