/**
 * State of the simulation run: status, progress, result, topology and names from the core.
 * The trace itself lives in trace/traceStore.ts; `traceVersion` changes whenever it grows.
 */
import { create } from 'zustand';
import type { ParameterInfo, SimResult, Topology } from '../sim/bridgeTypes';
import type { KindNames } from '../sim/traceKinds';

export type RunStatus = 'idle' | 'loading' | 'running' | 'finished' | 'cancelled' | 'error';

interface RunState {
  /** Scenario-store revision this run belongs to (results of an older revision are stale). */
  revision: number;
  status: RunStatus;
  now_ps: number;
  events: number;
  /** Latest time covered by the trace (or the simulated end time once finished), ps. */
  end_ps: number;
  traceVersion: number;
  traceRecords: number;
  topology: Topology | null;
  kindNames: KindNames | null;
  parameters: ParameterInfo[];
  result: SimResult | null;
  patch(p: Partial<Omit<RunState, 'patch' | 'reset'>>): void;
  reset(revision: number): void;
}

const initial = {
  revision: 0,
  status: 'idle' as RunStatus,
  now_ps: 0,
  events: 0,
  end_ps: 0,
  traceVersion: 0,
  traceRecords: 0,
  topology: null,
  kindNames: null,
  parameters: [],
  result: null,
};

export const useRunStore = create<RunState>((set) => ({
  ...initial,
  patch: (p) => set(p),
  reset: (revision) => set((s) => ({ ...initial, revision, traceVersion: s.traceVersion + 1 })),
}));
