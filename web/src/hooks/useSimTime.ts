import { usePlaybackStore } from '../state/playbackStore';

/** Current animation time, picoseconds. */
export const useSimTime = (): number => usePlaybackStore((s) => s.time_ps);
