/**
 * Animation clock: current simulated time (ps), play state and speed (simulated µs per wall second), and the
 * playback modes (playback/playbackModes.ts): skipping idle stretches (with the stretches skipped, for the time bar's
 * markers), a time to stop at (run until), what Back/Step step to, and the time bar's scale.
 */
import { create } from 'zustand';
import type { TraceCategory } from '../trace/traceStore';

export const SPEEDS_US_PER_S = [0.1, 1, 10, 100, 1000, 10000] as const;

/** Most skipped stretches kept for the time bar. */
const MAX_SKIPS = 500;

export type TimeAxis = 'linear' | 'log' | 'events';

interface PlaybackState {
  playing: boolean;
  /**
   * performance.now() (ms) when playing last began: the clock (hooks/useAnimationClock.ts) counts wall time from
   * there, not from its first frame, which comes a render and an effect later (100-200 ms while a large run streams).
   */
  playingSince_ms: number;
  time_ps: number;
  speed_us_per_s: number;
  /** Jump over stretches with nothing on the wire while playing. */
  skipIdle: boolean;
  /** Stretches skipped while playing, [from, to] ps. */
  skips: [number, number][];
  /** Playing stops here (run until a time or a message), or null. */
  stopAt_ps: number | null;
  /** What Back / Step move to: any record, or one category's. */
  stepCategory: TraceCategory | null;
  /** Step only through records of the selected node's host, PCI bus and NIC. */
  stepNodeOnly: boolean;
  axis: TimeAxis;
  setPlaying(playing: boolean): void;
  setTime(time_ps: number): void;
  setSpeed(speed_us_per_s: number): void;
  setSkipIdle(on: boolean): void;
  addSkip(from_ps: number, to_ps: number): void;
  clearSkips(): void;
  setStopAt(stop_ps: number | null): void;
  setStep(category: TraceCategory | null, nodeOnly: boolean): void;
  setAxis(axis: TimeAxis): void;
}

export const usePlaybackStore = create<PlaybackState>((set) => ({
  playing: false,
  playingSince_ms: 0,
  time_ps: 0,
  speed_us_per_s: 1,
  skipIdle: true,
  skips: [],
  stopAt_ps: null,
  stepCategory: null,
  stepNodeOnly: false,
  axis: 'linear',
  setPlaying: (playing) => set(playing ? { playing, playingSince_ms: performance.now() } : { playing, stopAt_ps: null }),
  setTime: (time_ps) => set({ time_ps: Math.max(0, time_ps) }),
  setSpeed: (speed_us_per_s) => set({ speed_us_per_s }),
  setSkipIdle: (skipIdle) => set({ skipIdle }),
  addSkip: (from_ps, to_ps) => set((s) => ({ skips: s.skips.length >= MAX_SKIPS ? s.skips : [...s.skips, [from_ps, to_ps]] })),
  clearSkips: () => set({ skips: [] }),
  setStopAt: (stopAt_ps) => set({ stopAt_ps }),
  setStep: (stepCategory, stepNodeOnly) => set({ stepCategory, stepNodeOnly }),
  setAxis: (axis) => set({ axis }),
}));
