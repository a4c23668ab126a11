/**
 * What a view of one run reads: run "a" = the page's run (trace/traceStore.ts, state/runStore.ts, the page's
 * scenario), run "b" = the comparison run (trace/compareTrace.ts, state/compareStore.ts, the scenario derived by
 * compare/compareSpec.ts; null while no valid comparison is set). `version` changes when that trace grows.
 */
import { useMemo } from 'react';
import { useRunStore } from '../state/runStore';
import { useCompareStore } from '../state/compareStore';
import { useScenario } from './useScenario';
import { traceStore, type TraceStore } from '../trace/traceStore';
import { compareTraceStore } from '../trace/compareTrace';
import { compareScenario } from '../compare/compareSpec';
import type { Scenario } from '../scenario/scenarioTypes';
import type { Topology } from '../sim/bridgeTypes';

export interface RunView {
  trace: TraceStore;
  topology: Topology | null;
  scenario: Scenario | null;
  version: number;
}

export function useRunView(run: 'a' | 'b'): RunView {
  const scenarioA = useScenario();
  const topologyA = useRunStore((s) => s.topology);
  const versionA = useRunStore((s) => s.traceVersion);
  const spec = useCompareStore((s) => s.spec);
  const topologyB = useCompareStore((s) => s.topology);
  const versionB = useCompareStore((s) => s.traceVersion);
  const scenarioB = useMemo(() => {
    if (!spec) return null;
    const derived = compareScenario(scenarioA, spec);
    return derived.ok ? derived.scenario : null;
  }, [spec, scenarioA]);
  return run === 'a'
    ? { trace: traceStore, topology: topologyA, scenario: scenarioA, version: versionA }
    : { trace: compareTraceStore, topology: topologyB, scenario: scenarioB, version: versionB };
}
