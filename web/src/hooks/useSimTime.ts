import { usePlaybackStore } from '../state/playbackStore';
import { useFieldInTransition } from './useFieldInTransition';

/**
 * Current animation time, picoseconds. A change made while playing reaches the view as a React transition
 * (hooks/useFieldInTransition.ts): it comes every frame, and an urgent re-render of the views that follow the time
 * every frame kept the transitions of a computing run (its progress, its trace's growth) from ever committing. A
 * change made while paused (a step, a seek, a jump to a message) re-renders at once, so each step shows its state.
 * The packet canvas (hooks/useClusterPainter.ts) and the controls' time readout and scrubber
 * (components/ControlsBar.tsx) follow the store itself, every frame.
 */
export const useSimTime = (): number => useFieldInTransition(usePlaybackStore, 'time_ps', paused);

const paused = (s: { playing: boolean }): boolean => !s.playing;
