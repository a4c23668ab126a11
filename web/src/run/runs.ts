/**
 * The page's two runs: `pageRun` (run A, the page's scenario; hooks/useSimulationRunner.ts) and `compareRun` (run B,
 * the comparison scenario; hooks/useCompareRunner.ts). Both run the core in a Web Worker of worker/sim.worker.ts.
 */
import { RunController, type SimWorker } from './runController';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { workloadEntry } from '../../../core-wasm/js/coreCatalog';
import { PartsWorker } from './partsWorker';
import { createSimWorker, PARALLEL_WORKERS } from './workerFactory';

/** URL of the core's ES module (public/wasm/, served at the site root or under Vite's base). */
export function wasmModuleUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}wasm/hpcsim.mjs`, window.location.href).href;
}

/** A new simulation worker (run/workerFactory.ts; the offline copy's is inlined). */
export function simWorker(): Worker {
  return createSimWorker();
}

let workersOverride: number | undefined;
/** Workers a run's parts may use at most, instead of navigator.hardwareConcurrency (undefined): the page's test hook. */
export function setParallelWorkers(n: number | undefined): void {
  workersOverride = n;
}

/**
 * The worker of a run: a PartsWorker over up to `navigator.hardwareConcurrency` workers when the scenario's workload
 * kind has independent parts (the NAS campaign, BT-IO; core-wasm/app/run/session.h) and the build runs real workers,
 * else one.
 */
const createWorker = (scenario: Scenario): SimWorker => {
  const workers = PARALLEL_WORKERS ? Math.max(1, workersOverride ?? (navigator.hardwareConcurrency || 1)) : 1;
  return workers > 1 && workloadEntry(scenario.workload.kind)?.parts ? new PartsWorker(simWorker, workers) : simWorker();
};

export const pageRun = new RunController({ id: 'a', label: 'Run A', qualifier: '', testSuffix: '', traceNotifyMs: 100, createWorker });
export const compareRun = new RunController({ id: 'b', label: 'Run B', qualifier: 'Run B', testSuffix: '-b', traceNotifyMs: 150, createWorker });
