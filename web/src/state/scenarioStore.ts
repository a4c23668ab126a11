/** The scenario the page runs, where it came from, and the last share link written. */
import { create } from 'zustand';
import { defaultScenario } from '../scenario/defaultScenario';
import type { Scenario } from '../scenario/scenarioTypes';

export type ScenarioSource = 'default' | 'link';

interface ScenarioState {
  scenario: Scenario;
  source: ScenarioSource;
  /** Bumped on every load, so re-loading an equal scenario still re-runs it. */
  revision: number;
  shareUrl: string | null;
  load(scenario: Scenario, source: ScenarioSource): void;
  setShareUrl(url: string | null): void;
}

export const useScenarioStore = create<ScenarioState>((set) => ({
  scenario: defaultScenario,
  source: 'default',
  revision: 0,
  shareUrl: null,
  load: (scenario, source) => set((s) => ({ scenario, source, revision: s.revision + 1 })),
  setShareUrl: (shareUrl) => set({ shareUrl }),
}));
