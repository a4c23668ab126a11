import { usePlaybackStore } from '../state/playbackStore';

/** Whether the animation clock runs. */
export const usePlaying = (): boolean => usePlaybackStore((s) => s.playing);
