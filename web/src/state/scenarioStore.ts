/** The scenario the page runs, where it came from, and the last share link written. */
import { create } from 'zustand';
import { defaultScenario } from '../scenario/defaultScenario';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import type { LinkView } from '../share/viewState';

/**
 * default = the built-in scenario, shipped = a shipped scenario named by `#scenario=<id>` (a short link or the
 * header's scenario menu), link = decoded from a share link, editor = run from the scenario editor, file = opened from
 * a scenario file (scenario/openScenarioFile.ts).
 */
export type ScenarioSource = 'default' | 'shipped' | 'link' | 'editor' | 'file';

interface ScenarioState {
  scenario: Scenario;
  source: ScenarioSource;
  /** Bumped on every load, so re-loading an equal scenario still re-runs it. */
  revision: number;
  shareUrl: string | null;
  /** View from a share link, applied by the runner once the run of this revision starts. */
  pendingView: LinkView | null;
  load(scenario: Scenario, source: ScenarioSource, view?: LinkView): void;
  setShareUrl(url: string | null): void;
}

export const useScenarioStore = create<ScenarioState>((set) => ({
  scenario: defaultScenario,
  source: 'default',
  revision: 0,
  shareUrl: null,
  pendingView: null,
  load: (scenario, source, view) =>
    set((s) => ({ scenario, source, revision: s.revision + 1, pendingView: view ?? null })),
  setShareUrl: (shareUrl) => set({ shareUrl }),
}));
