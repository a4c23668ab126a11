/** A new simulation worker (Vite bundles worker/sim.worker.ts from this expression); the offline copy inlines it. */
export function createSimWorker(): Worker {
  return new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
}

/** Whether the build's workers run in threads of their own (a run's parts then go to several at once). */
export const PARALLEL_WORKERS = true;
