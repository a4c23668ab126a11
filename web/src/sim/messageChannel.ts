/**
 * Requests to a finished run's worker for one message's headers (hs_message_json, core-wasm/src/wasm/README.md).
 * One channel per run: `runMessages` for the page's run (run A, hooks/useSimulationRunner.ts) and
 * `compareMessages` for the comparison run (run B, hooks/useCompareRunner.ts). A runner attaches its worker once
 * the run is done and detaches it when a new run replaces it; pending requests then resolve to null.
 */
import type { ToWorker } from './bridgeTypes';

export class MessageChannel {
  private worker: Worker | null = null;
  private nextRequestId = 1;
  private readonly pending = new Map<number, (json: string | null) => void>();

  attach(w: Worker): void {
    this.worker = w;
  }

  detach(w: Worker): void {
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

export const runMessages = new MessageChannel();
export const compareMessages = new MessageChannel();

/** The channel of run "a" (the page's) or "b" (the comparison). */
export const messageChannel = (run: 'a' | 'b'): MessageChannel => (run === 'a' ? runMessages : compareMessages);

// Run A's channel as plain functions (hooks/useSimulationRunner.ts).
export const attachMessageWorker = (w: Worker): void => runMessages.attach(w);
export const detachMessageWorker = (w: Worker): void => runMessages.detach(w);
export const receiveMessageReply = (requestId: number, json: string | null): void => runMessages.receive(requestId, json);
export const requestMessageJson = (message: number): Promise<string | null> => runMessages.request(message);
