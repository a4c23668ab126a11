/**
 * Runs the comparison scenario (run B, compare/compareSpec.ts) as run/runs.ts `compareRun` whenever the spec or the
 * page's scenario changes. Run A is untouched. The finished worker keeps its session so run B's packets can show
 * their layers; it ends when run B restarts or comparing stops, and a picked run B packet is then dropped.
 */
import { useEffect } from 'react';
import { useCompareStore } from '../state/compareStore';
import { useScenarioStore } from '../state/scenarioStore';
import { usePacketSelectionStore } from '../state/packetSelectionStore';
import { compareScenario } from '../compare/compareSpec';
import { compareRun, wasmModuleUrl } from '../run/runs';

export function useCompareRunner(): void {
  const spec = useCompareStore((s) => s.spec);
  const revision = useCompareStore((s) => s.revision);
  const scenarioRevision = useScenarioStore((s) => s.revision);

  useEffect(() => {
    const picks = usePacketSelectionStore.getState();
    if (picks.picked?.run === compareRun) picks.pick(null); // its record ids index the trace about to be cleared
    if (!spec || scenarioRevision < 1) {
      compareRun.reset(scenarioRevision);
      return;
    }
    const derived = compareScenario(useScenarioStore.getState().scenario, spec);
    if (!derived.ok) {
      compareRun.reset(scenarioRevision, { status: 'error', error: derived.error });
      return;
    }
    compareRun.start(derived.scenario, scenarioRevision, wasmModuleUrl());
    return () => compareRun.stop();
  }, [spec, revision, scenarioRevision]);
}
