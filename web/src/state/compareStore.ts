/**
 * What the compare view compares: the spec of run B (compare/compareSpec.ts: what differs from the page's scenario),
 * null while not comparing. Run B itself (status, trace, topology, result) is run/runs.ts `compareRun`. Both runs
 * share one time cursor (state/playbackStore.ts), so their cluster views are locked together.
 */
import { create } from 'zustand';
import type { CompareSpec } from '../compare/compareSpec';

interface CompareState {
  spec: CompareSpec | null;
  /** Bumped whenever run B must (re)start. */
  revision: number;
  setSpec(spec: CompareSpec | null): void;
}

export const useCompareStore = create<CompareState>((set) => ({
  spec: null,
  revision: 0,
  setSpec: (spec) => set((s) => ({ spec, revision: s.revision + 1 })),
}));
