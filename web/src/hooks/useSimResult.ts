import { useRunStore } from '../state/runStore';
import { useScenarioStore } from '../state/scenarioStore';
import type { SimResult } from '../sim/bridgeTypes';

/** The run's result (series, tables, fingerprint); null until the run of the current scenario finishes. */
export const useSimResult = (): SimResult | null => {
  const result = useRunStore((s) => s.result);
  const runRevision = useRunStore((s) => s.revision);
  const scenarioRevision = useScenarioStore((s) => s.revision);
  return runRevision === scenarioRevision ? result : null;
};
