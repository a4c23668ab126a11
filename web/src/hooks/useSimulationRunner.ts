/**
 * Runs the current scenario as the page's run (run/runs.ts `pageRun`) whenever a scenario is loaded (scenario store
 * revision ≥ 1): resets playback, applies a share link's pending view (else, once the run has finished, picks its playing
 * speed from the first message), selects the initiator once the topology is
 * known, and shows the run's errors in the banner (a link's scenario the core refuses falls back to the default one).
 * Returns `cancel()`, which asks the worker to stop between slices.
 */
import { useCallback, useEffect } from 'react';
import { boundedText } from '../run/failureText';
import { useScenarioStore } from '../state/scenarioStore';
import { SPEEDS_US_PER_S, usePlaybackStore } from '../state/playbackStore';
import { speedForRun } from '../playback/playStart';
import { useBannerStore } from '../state/bannerStore';
import { useSelectionStore } from '../state/selectionStore';
import { selectionFits } from '../state/selectionFit';
import { defaultScenario } from '../scenario/defaultScenario';
import { pingPongOf } from '../../../core-wasm/js/scenarioTypes';
import { applyView } from '../share/currentView';
import { pageRun, wasmModuleUrl } from '../run/runs';

export function useSimulationRunner(): { cancel: () => void } {
  const revision = useScenarioStore((s) => s.revision);

  useEffect(() => {
    if (revision < 1) return;
    const { scenario, pendingView } = useScenarioStore.getState();
    const banner = useBannerStore.getState();
    usePlaybackStore.getState().setPlaying(false);
    usePlaybackStore.getState().setTime(0);
    usePlaybackStore.getState().clearSkips();
    // A run opened without a view of its own plays at a speed chosen from its first message (playback/playStart.ts),
    // unless the speed was changed meanwhile.
    const speedAtStart = pendingView ? null : usePlaybackStore.getState().speed_us_per_s;
    const shipped = ['shipped', 'default'].includes(useScenarioStore.getState().source);
    pageRun.start(scenario, revision, wasmModuleUrl(), {
      finished: () => {
        const { result, events, now_ps } = pageRun.store.getState();
        if (result?.bounded?.reason === 'memory')
          banner.show(boundedText({ scenario: scenario.id, shipped, events, now_ps, memory_mib: result.bounded.memory_mib }));
        const playback = usePlaybackStore.getState();
        if (speedAtStart === null || playback.speed_us_per_s !== speedAtStart || playback.playing) return;
        const speed = speedForRun(pageRun.trace, SPEEDS_US_PER_S);
        if (speed !== null) playback.setSpeed(speed);
      },
      topology: (topology) => {
        // None yet, or one the previous scenario's cluster had and this one lacks: the initiator (or node 0).
        if (!selectionFits(useSelectionStore.getState().selection, scenario.cluster.nodes, topology)) {
          useSelectionStore.getState().select({ kind: 'node', node: pingPongOf(scenario)?.initiator ?? 0 });
        }
      },
      error: (message, phase) => {
        const source = useScenarioStore.getState().source;
        if (phase === 'create' && (source === 'link' || source === 'shipped' || source === 'file')) {
          // The link's scenario passed the schema but not the core's checks: keep the page useful.
          banner.show(`${message}. Showing the default scenario instead.`);
          useScenarioStore.getState().load(defaultScenario, 'default');
        } else {
          banner.show(message);
        }
      },
    }, shipped);
    if (pendingView) {
      applyView(pendingView);
      useScenarioStore.setState({ pendingView: null });
    }
    return () => pageRun.stop();
  }, [revision]);

  const cancel = useCallback(() => pageRun.cancel(), []);
  return { cancel };
}
