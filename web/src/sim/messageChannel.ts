/**
 * Requests to a finished run's worker for one message's headers (hs_message_json, core-wasm/app/wasm/README.md).
 * Each run (run/runController.ts) owns one channel: it attaches its worker once the run is done and detaches it when
 * a new run replaces it; pending requests then resolve to null.
 */
import type { ToWorker } from '../../../core-wasm/js/bridgeTypes';

/** What a channel needs of a worker. */
export interface SessionWorker {
  postMessage(message: ToWorker): void;
}

export class MessageChannel {
  private worker: SessionWorker | null = null;
  private nextRequestId = 1;
  private readonly pending = new Map<number, (json: string | null) => void>();

  attach(w: SessionWorker): void {
    this.worker = w;
  }

  detach(w: SessionWorker): void {
    if (this.worker !== w) return;
    this.worker = null;
    for (const resolve of this.pending.values()) resolve(null);
    this.pending.clear();
  }

  /** Called by the runner with a `message` reply from the worker. */
  receive(requestId: number, json: string | null): void {
    const resolve = this.pending.get(requestId);
    if (!resolve) return;
    this.pending.delete(requestId);
    resolve(json);
  }

  /** The core's JSON for `message` (or `{}` when unknown), or null when no finished session / no such bridge function. */
  request(message: number): Promise<string | null> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(null);
    const requestId = this.nextRequestId++;
    const request: ToWorker = { type: 'message', requestId, message };
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve);
      worker.postMessage(request);
    });
  }
}
