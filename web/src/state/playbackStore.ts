/** Animation clock: current simulated time (ps), play state and speed (simulated µs per wall second). */
import { create } from 'zustand';

export const SPEEDS_US_PER_S = [0.1, 1, 10, 100, 1000, 10000] as const;

interface PlaybackState {
  playing: boolean;
  time_ps: number;
  speed_us_per_s: number;
  setPlaying(playing: boolean): void;
  setTime(time_ps: number): void;
  setSpeed(speed_us_per_s: number): void;
}

export const usePlaybackStore = create<PlaybackState>((set) => ({
  playing: false,
  time_ps: 0,
  speed_us_per_s: 1,
  setPlaying: (playing) => set({ playing }),
  setTime: (time_ps) => set({ time_ps: Math.max(0, time_ps) }),
  setSpeed: (speed_us_per_s) => set({ speed_us_per_s }),
}));
