/**
 * The run a view shows, through React context: the page provides its own run (run/runs.ts `pageRun`) around the
 * whole app; the compare view provides the comparison run around run B's views. Views read the state with
 * `useRunState(selector)` (a narrow zustand selector on that run's store), or with `useRunStateInTransition(field)`
 * for a slice that changes while the run computes (the trace's growth, the topology, the progress figures), and the
 * trace with `useRun().trace`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useFieldInTransition } from '../hooks/useFieldInTransition';
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

/**
 * One field of the current run's state that reaches the view as a React transition: the view re-renders for a change
 * in a background render that React interrupts every few milliseconds for other work, never inside the task that made
 * the change. For the fields whose first render is heavy or that change while the run computes (the trace's growth,
 * the topology, the progress figures); useRunState's subscription re-renders synchronously, and for the 256-node
 * half-shift that made single main-thread tasks of 60-180 ms while the run computed (Chrome trace, 2026-11-28).
 * Returns the field as of the last transition React has rendered (hooks/useFieldInTransition.ts).
 */
export function useRunStateInTransition<K extends keyof RunState>(field: K): RunState[K] {
  return useFieldInTransition(useRun().store, field);
}
