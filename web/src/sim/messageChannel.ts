/**
 * Requests to the finished run's worker for one message's headers (hs_message_json, core-wasm/src/wasm/README.md).
 * The runner attaches the worker once its run is done and detaches it when a new run replaces it; pending
 * requests then resolve to null.
 */
import type { ToWorker } from './bridgeTypes';

let worker: Worker | null = null;
let nextRequestId = 1;
const pending = new Map<number, (json: string | null) => void>();

export function attachMessageWorker(w: Worker): void {
  worker = w;
}

export function detachMessageWorker(w: Worker): void {
  if (worker !== w) return;
  worker = null;
  for (const resolve of pending.values()) resolve(null);
  pending.clear();
}

/** Called by the runner with a `message` reply from the worker. */
export function receiveMessageReply(requestId: number, json: string | null): void {
  const resolve = pending.get(requestId);
  if (!resolve) return;
  pending.delete(requestId);
  resolve(json);
}

/** The core's JSON for `message` (or `{}` when unknown), or null when no finished session / no such bridge function. */
export function requestMessageJson(message: number): Promise<string | null> {
  if (!worker) return Promise.resolve(null);
  const requestId = nextRequestId++;
  const request: ToWorker = { type: 'message', requestId, message };
  return new Promise((resolve) => {
    pending.set(requestId, resolve);
    worker!.postMessage(request);
  });
}
