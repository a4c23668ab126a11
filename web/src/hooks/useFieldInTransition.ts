/**
 * One field of a zustand store that reaches the view as a React transition: the view re-renders for a change in a
 * background render that React interrupts every few milliseconds for other work, never inside the task that made the
 * change. Returns the field as of the last transition React has rendered.
 *
 * React throws away a transition render in progress when an urgent update commits, and starts it again afterwards; so
 * a view that re-rendered urgently every frame (the time cursor while playing) kept every transition from committing
 * while a large run streamed its trace (the 64-node all-to-all's progress figures and time bar stayed at their values
 * from before Play for seconds; 2026-11-28). All transitions render together, and a newer one does not interrupt the
 * one in progress: a view fed this way updates less often when the renders are slow, never not at all.
 * `urgentWhen(state)`, if given, makes a change urgent when it holds of the store's new state (the time cursor: while
 * paused, so that each step re-renders at once).
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import type { StoreApi } from 'zustand';

export function useFieldInTransition<S, K extends keyof S>(store: StoreApi<S>, field: K, urgentWhen?: (state: S) => boolean): S[K] {
  const [value, setValue] = useState(() => store.getState()[field]);
  const urgentRef = useRef(urgentWhen);
  urgentRef.current = urgentWhen;
  useEffect(() => {
    const update = (s: S) => {
      const v = s[field];
      if (urgentRef.current?.(s)) setValue(() => v);
      else startTransition(() => setValue(() => v));
    };
    update(store.getState()); // a change between this view's render and its subscription
    return store.subscribe((s, prev) => {
      if (!Object.is(s[field], prev[field])) update(s);
    });
  }, [store, field]);
  return value;
}
