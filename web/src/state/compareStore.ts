/**
 * The comparison run ("run B"), beside the page's run ("run A"): what differs (compare/compareSpec.ts), its
 * status, topology and result. Its trace lives in trace/compareTrace.ts; `traceVersion` changes when it grows.
 * Both runs share one time cursor (state/playbackStore.ts), so their cluster views are locked together.
 */
import { create } from 'zustand';
import type { SimResult, Topology } from '../sim/bridgeTypes';
import type { CompareSpec } from '../compare/compareSpec';
import type { RunStatus } from './runStore';

interface CompareState {
  spec: CompareSpec | null;
  /** Bumped whenever run B must (re)start. */
  revision: number;
  status: RunStatus;
  error: string | null;
  topology: Topology | null;
  result: SimResult | null;
  traceVersion: number;
  end_ps: number;
  setSpec(spec: CompareSpec | null): void;
  patch(p: Partial<Pick<CompareState, 'status' | 'error' | 'topology' | 'result' | 'traceVersion' | 'end_ps'>>): void;
}

export const useCompareStore = create<CompareState>((set) => ({
  spec: null,
  revision: 0,
  status: 'idle',
  error: null,
  topology: null,
  result: null,
  traceVersion: 0,
  end_ps: 0,
  setSpec: (spec) =>
    set((s) => ({ spec, revision: s.revision + 1, status: 'idle', error: null, topology: null, result: null, end_ps: 0 })),
  patch: (p) => set(p),
}));
