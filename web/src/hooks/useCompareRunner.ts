/**
 * Runs the comparison scenario (run B, compare/compareSpec.ts) in its own simulation worker whenever the spec
 * or the page's scenario changes, feeding trace/compareTrace.ts and state/compareStore.ts. Run A is untouched.
 * The finished worker keeps its session so run B's packets can show their layers (sim/messageChannel.ts,
 * `compareMessages`); it ends when run B restarts or comparing stops, and a picked run B packet is then dropped.
 */
import { useEffect } from 'react';
import { useCompareStore } from '../state/compareStore';
import { useScenarioStore } from '../state/scenarioStore';
import { compareTraceStore } from '../trace/compareTrace';
import { normalizeResult } from '../sim/normalizeResult';
import { compareScenario } from '../compare/compareSpec';
import { wasmModuleUrl } from './useSimulationRunner';
import { compareMessages } from '../sim/messageChannel';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import type { FromWorker, ToWorker } from '../sim/bridgeTypes';

/** Minimum wall time between trace-version bumps while run B streams, ms. */
const TRACE_NOTIFY_MS = 150;

export function useCompareRunner(): void {
  const spec = useCompareStore((s) => s.spec);
  const revision = useCompareStore((s) => s.revision);
  const scenarioRevision = useScenarioStore((s) => s.revision);

  useEffect(() => {
    compareTraceStore.clear();
    const picks = usePacketSelectionStore.getState();
    if (picks.picked?.run === 'b') picks.pick(null);  // its record ids index the trace just cleared
    const store = useCompareStore.getState();
    store.patch({ traceVersion: store.traceVersion + 1, topology: null, result: null, end_ps: 0, error: null });
    if (!spec || scenarioRevision < 1) {
      store.patch({ status: 'idle' });
      return;
    }
    const derived = compareScenario(useScenarioStore.getState().scenario, spec);
    if (!derived.ok) {
      store.patch({ status: 'error', error: derived.error });
      return;
    }
    store.patch({ status: 'loading' });
    const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
    let lastNotify = 0;
    const notify = (force: boolean) => {
      const now = performance.now();
      if (!force && now - lastNotify < TRACE_NOTIFY_MS) return;
      lastNotify = now;
      useCompareStore.setState((s) => ({ traceVersion: s.traceVersion + 1, end_ps: Math.max(s.end_ps, compareTraceStore.end_ps) }));
    };
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      const patch = useCompareStore.getState().patch;
      switch (m.type) {
        case 'ready':
          patch({ status: 'running' });
          break;
        case 'topology':
          patch({ topology: m.topology });
          break;
        case 'trace':
          compareTraceStore.append(m.batch);
          notify(false);
          break;
        case 'done': {
          notify(true);
          let result = null;
          try {
            result = normalizeResult(m.resultText);
          } catch (err) {
            patch({ error: `Run B's result could not be read: ${(err as Error).message}` });
          }
          patch({ status: 'finished', result, topology: m.topology, end_ps: Math.max(compareTraceStore.end_ps, m.now_ps) });
          compareMessages.attach(worker);
          break;
        }
        case 'message':
          compareMessages.receive(m.requestId, m.json);
          break;
        case 'error':
          patch({ status: 'error', error: `Run B: ${m.message}` });
          worker.terminate();
          break;
        default:
          break;
      }
    };
    worker.onerror = (e) => useCompareStore.getState().patch({ status: 'error', error: `Run B's worker failed: ${e.message}` });
    const start: ToWorker = { type: 'start', scenarioText: JSON.stringify(derived.scenario), wasmUrl: wasmModuleUrl() };
    worker.postMessage(start);
    return () => {
      compareMessages.detach(worker);
      worker.terminate();
    };
  }, [spec, revision, scenarioRevision]);
}
