/**
 * The core's verdict on a scenario the editor built (rules only the core knows, e.g. "LU class S on 8 processes
 * gives subdomains smaller than 4 points"): a dedicated worker creates and destroys a session (sim.worker.ts
 * `check`), 300 ms after the scenario stops changing. Returns the core's error line (`workload.benchmarks/0: ...`)
 * for the current scenario, or null while accepted or not yet checked.
 */
import { useEffect, useState } from 'react';
import type { FromWorker, ToWorker } from '../../../core-wasm/js/bridgeTypes';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { simWorker, wasmModuleUrl } from '../run/runs';

const DEBOUNCE_MS = 300;

let worker: Worker | null = null;
let nextRequestId = 1;
const pending = new Map<number, (error: string | null) => void>();

function checker(): Worker {
  if (!worker) {
    worker = simWorker();
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type !== 'checked') return;
      pending.get(e.data.requestId)?.(e.data.error);
      pending.delete(e.data.requestId);
    };
  }
  return worker;
}

/** Asks the core about `scenarioText`; resolves to its error line or null. */
export function checkWithCore(scenarioText: string): Promise<string | null> {
  const requestId = nextRequestId++;
  const request: ToWorker = { type: 'check', requestId, scenarioText, wasmUrl: wasmModuleUrl() };
  return new Promise((resolve) => {
    pending.set(requestId, resolve);
    checker().postMessage(request);
  });
}

export function useCoreCheck(scenario: Scenario | null): string | null {
  const text = scenario ? JSON.stringify(scenario) : null;
  const [verdict, setVerdict] = useState<{ text: string; error: string | null } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let live = true;
    const timer = setTimeout(() => {
      void checkWithCore(text).then((error) => live && setVerdict({ text, error }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return verdict && verdict.text === text ? verdict.error : null;
}
