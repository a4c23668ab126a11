import { useRunState } from '../run/RunContext';
import { useScenarioStore } from '../state/scenarioStore';
import type { SimResult } from '../../../core-wasm/js/bridgeTypes';

/** The current run's result (series, tables, fingerprint); null until its run of the current scenario finishes. */
export const useSimResult = (): SimResult | null => {
  const result = useRunState((s) => s.result);
  const runRevision = useRunState((s) => s.revision);
  const scenarioRevision = useScenarioStore((s) => s.revision);
  return runRevision === scenarioRevision ? result : null;
};
