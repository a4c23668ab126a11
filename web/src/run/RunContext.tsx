/**
 * The run a view shows, through React context: the page provides its own run (run/runs.ts `pageRun`) around the
 * whole app; the compare view provides the comparison run around run B's views. Views read the state with
 * `useRunState(selector)` (a narrow zustand selector on that run's store) and the trace with `useRun().trace`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { RunController, RunState } from './runController';

const RunContext = createContext<RunController | null>(null);

export function RunProvider({ run, children }: { run: RunController; children: ReactNode }) {
  return <RunContext.Provider value={run}>{children}</RunContext.Provider>;
}

/** The run of the nearest RunProvider; throws when a view is rendered outside any. */
export function useRun(): RunController {
  const run = useContext(RunContext);
  if (!run) throw new Error('useRun: no RunProvider above this view');
  return run;
}

/** A slice of the current run's state; re-renders when it changes. */
export function useRunState<T>(selector: (state: RunState) => T): T {
  return useStore(useRun().store, selector);
}
