/**
 * The offline single-file copy's "worker": the simulation host (worker/simHost.ts) in the page itself, behind the
 * Worker interface the runs use. A file:// page cannot start a module worker from a blob: URL in Chromium, and a
 * classic one could not load the core's ES module; the host runs the core in slices and yields between them, so the
 * page stays usable while it computes. `terminate` cancels the run at its next slice and drops what it posts.
 */
import type { FromWorker, ToWorker } from '../../../core-wasm/js/bridgeTypes';
import { SimHost } from '../worker/simHost';
import { loadModule } from '../worker/coreSource';

class InPageWorker {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  private terminated = false;
  private readonly host = new SimHost({
    loadCore: (wasmUrl) => loadModule(wasmUrl),
    post: (message: FromWorker) => {
      if (!this.terminated) setTimeout(() => !this.terminated && this.onmessage?.({ data: message } as MessageEvent<FromWorker>), 0);
    },
    yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
  });

  postMessage(message: ToWorker): void {
    setTimeout(() => !this.terminated && this.host.handle(message), 0);
  }

  terminate(): void {
    if (this.terminated) return;
    this.host.handle({ type: 'cancel' });
    this.terminated = true;
  }

  addEventListener(): void {}
  removeEventListener(): void {}
}

export function createSimWorker(): Worker {
  return new InPageWorker() as unknown as Worker;
}

/** The offline copy's workers share the page's thread: a run's parts go one after another in one. */
export const PARALLEL_WORKERS = false;
