import { usePlaybackStore } from '../state/playbackStore';

/** Animation speed, simulated µs per wall-clock second. */
export const useSpeed = (): number => usePlaybackStore((s) => s.speed_us_per_s);
