import { startTransition, useEffect, useState } from 'react';
import { usePlaybackStore } from '../state/playbackStore';

/**
 * Current animation time, picoseconds. A change made while playing reaches the view as a React transition
 * (hooks/useFieldInTransition.ts): it comes every frame, and an urgent re-render of the views that follow the time
 * every frame kept the transitions of a computing run (its progress, its trace's growth) from ever committing. A
 * change made while paused (a step, a seek, a jump to a message) re-renders at once, so each step shows its state.
 * The packet canvas (hooks/useClusterPainter.ts) and the controls' time readout and scrubber
 * (components/ControlsBar.tsx) follow the store itself, every frame.
 */
export function useSimTime(): number {
  const [time_ps, setTime] = useState(() => usePlaybackStore.getState().time_ps);
  useEffect(() => {
    const show = (playing: boolean, t: number) => (playing ? startTransition(() => setTime(t)) : setTime(t));
    const now = usePlaybackStore.getState();
    show(now.playing, now.time_ps); // a change between this view's render and its subscription
    return usePlaybackStore.subscribe((s, prev) => {
      if (s.time_ps !== prev.time_ps) show(s.playing, s.time_ps);
    });
  }, []);
  return time_ps;
}
