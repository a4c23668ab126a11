/**
 * Runs the current scenario in the simulation worker (worker/sim.worker.ts) whenever a scenario is loaded
 * (scenario store revision ≥ 1), feeding trace batches into traceStore and progress/results into the run store.
 * Returns `cancel()`, which asks the worker to stop between slices.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useScenarioStore } from '../state/scenarioStore';
import { useRunStore } from '../state/runStore';
import { usePlaybackStore } from '../state/playbackStore';
import { useBannerStore } from '../state/bannerStore';
import { useSelectionStore } from '../state/selectionStore';
import { traceStore } from '../trace/traceStore';
import { normalizeResult } from '../sim/normalizeResult';
import { parseKindNames } from '../sim/traceKinds';
import { defaultScenario } from '../scenario/defaultScenario';
import { pingPongOf } from '../scenario/scenarioTypes';
import type { FromWorker, ToWorker } from '../sim/bridgeTypes';
import { applyView } from '../share/currentView';
import { attachMessageWorker, detachMessageWorker, receiveMessageReply } from '../sim/messageChannel';

/** URL of the core's ES module (public/wasm/, served at the site root or under Vite's base). */
export function wasmModuleUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}wasm/hpcsim.mjs`, window.location.href).href;
}

/** Minimum wall time between trace-version bumps while the run streams, ms (keeps React renders cheap). */
const TRACE_NOTIFY_MS = 100;

export function useSimulationRunner(): { cancel: () => void } {
  const revision = useScenarioStore((s) => s.revision);
  const workerRef = useRef<Worker | null>(null);

  useEffect(() => {
    if (revision < 1) return;
    const { scenario } = useScenarioStore.getState();
    const run = useRunStore.getState();
    const banner = useBannerStore.getState();
    traceStore.clear();
    run.reset(revision);
    run.patch({ status: 'loading' });
    usePlaybackStore.getState().setPlaying(false);
    usePlaybackStore.getState().setTime(0);
    const { pendingView } = useScenarioStore.getState();
    if (pendingView) {
      applyView(pendingView);
      useScenarioStore.setState({ pendingView: null });
    }

    const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
    workerRef.current = worker;
    let lastNotify = 0;
    let pending = false;
    const notifyTrace = (force: boolean) => {
      const now = performance.now();
      if (!force && now - lastNotify < TRACE_NOTIFY_MS) {
        pending = true;
        return;
      }
      lastNotify = now;
      pending = false;
      useRunStore.setState((s) => ({
        traceVersion: s.traceVersion + 1,
        traceRecords: traceStore.length,
        end_ps: Math.max(s.end_ps, traceStore.end_ps),
      }));
    };

    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (workerRef.current !== worker) return; // a newer scenario replaced this run
      const m = e.data;
      const patch = useRunStore.getState().patch;
      switch (m.type) {
        case 'ready':
          patch({ kindNames: parseKindNames(m.kinds), parameters: m.parameters, status: 'running' });
          break;
        case 'topology':
          patch({ topology: m.topology });
          if (!useSelectionStore.getState().selection) {
            useSelectionStore.getState().select({ kind: 'node', node: pingPongOf(scenario)?.initiator ?? 0 });
          }
          break;
        case 'trace':
          traceStore.append(m.batch);
          notifyTrace(false);
          break;
        case 'progress':
          patch({ now_ps: m.now_ps, events: m.events });
          if (pending) notifyTrace(true);
          break;
        case 'done': {
          notifyTrace(true);
          let result = null;
          try {
            result = normalizeResult(m.resultText);
          } catch (err) {
            banner.show(`The simulator's result could not be read: ${(err as Error).message}`);
          }
          patch({
            status: 'finished',
            result,
            topology: m.topology,
            now_ps: m.now_ps,
            events: m.events,
            end_ps: Math.max(traceStore.end_ps, m.now_ps),
          });
          // The worker keeps the finished session for hs_message_json until a new run replaces it.
          attachMessageWorker(worker);
          break;
        }
        case 'message': {
          receiveMessageReply(m.requestId, m.json);
          break;
        }
        case 'cancelled':
          notifyTrace(true);
          patch({ status: 'cancelled', now_ps: m.now_ps, events: m.events });
          worker.terminate();
          break;
        case 'error': {
          notifyTrace(true);
          patch({ status: 'error' });
          worker.terminate();
          const fromLink = useScenarioStore.getState().source === 'link';
          if (m.phase === 'create' && fromLink) {
            // The link's scenario passed the schema but not the core's checks: keep the page useful.
            banner.show(`${m.message}. Showing the default scenario instead.`);
            useScenarioStore.getState().load(defaultScenario, 'default');
          } else {
            banner.show(m.message);
          }
          break;
        }
      }
    };
    worker.onerror = (e) => {
      useRunStore.getState().patch({ status: 'error' });
      banner.show(`The simulation worker failed: ${e.message || 'unknown error'}`);
    };
    const start: ToWorker = { type: 'start', scenarioText: JSON.stringify(scenario), wasmUrl: wasmModuleUrl() };
    worker.postMessage(start);

    return () => {
      detachMessageWorker(worker);
      worker.terminate();
      if (workerRef.current === worker) workerRef.current = null;
    };
  }, [revision]);

  const cancel = useCallback(() => {
    const cancelMessage: ToWorker = { type: 'cancel' };
    workerRef.current?.postMessage(cancelMessage);
  }, []);
  return { cancel };
}
