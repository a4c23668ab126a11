import { usePlaybackStore } from '../state/playbackStore';
import { useFieldInTransition } from './useFieldInTransition';

/**
 * Current animation time, picoseconds, as a React transition (hooks/useFieldInTransition.ts): while playing it changes
 * every frame, and an urgent re-render of the views that follow it every frame kept the transitions of a computing run
 * (its progress, its trace's growth) from ever committing. The packet canvas (hooks/useClusterPainter.ts) and the
 * controls' time readout and scrubber (components/ControlsBar.tsx) follow the store itself, every frame.
 */
export const useSimTime = (): number => useFieldInTransition(usePlaybackStore, 'time_ps');
