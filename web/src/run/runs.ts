/**
 * The page's two runs: `pageRun` (run A, the page's scenario; hooks/useSimulationRunner.ts) and `compareRun` (run B,
 * the comparison scenario; hooks/useCompareRunner.ts). Both run the core in a Web Worker of worker/sim.worker.ts.
 */
import { RunController, type SimWorker } from './runController';
import { createSimWorker } from './workerFactory';

/** URL of the core's ES module (public/wasm/, served at the site root or under Vite's base). */
export function wasmModuleUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}wasm/hpcsim.mjs`, window.location.href).href;
}

/** A new simulation worker (run/workerFactory.ts; the offline copy's is inlined). */
export function simWorker(): Worker {
  return createSimWorker();
}

const createWorker = (): SimWorker => simWorker();

export const pageRun = new RunController({ id: 'a', label: 'Run A', qualifier: '', testSuffix: '', traceNotifyMs: 100, createWorker });
export const compareRun = new RunController({ id: 'b', label: 'Run B', qualifier: 'Run B', testSuffix: '-b', traceNotifyMs: 150, createWorker });
