/**
 * Which explorer panels are open and the half-width of the time window the sequence chart and the timeline show
 * around the time cursor (µs). Share links (format 2) carry the open panels.
 */
import { create } from 'zustand';
import { DEFAULT_PANELS, type PanelId } from '../share/viewState';

/** Half-width choices of the time window, µs (zoom steps): up to ±1 s, so a NAS run's phases fit in one view. */
export const WINDOW_HALF_US = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
] as const;

interface ViewState {
  panels: PanelId[];
  windowHalf_us: number;
  togglePanel(panel: PanelId): void;
  setPanels(panels: PanelId[]): void;
  /** Zooms one step in (−1) or out (+1). */
  zoom(direction: -1 | 1): void;
}

export const useViewStore = create<ViewState>((set) => ({
  panels: DEFAULT_PANELS,
  windowHalf_us: 50,
  togglePanel: (panel) =>
    set((s) => ({ panels: s.panels.includes(panel) ? s.panels.filter((p) => p !== panel) : [...s.panels, panel] })),
  setPanels: (panels) => set({ panels }),
  zoom: (direction) =>
    set((s) => {
      const i = WINDOW_HALF_US.findIndex((w) => w >= s.windowHalf_us);
      const next = Math.min(WINDOW_HALF_US.length - 1, Math.max(0, (i < 0 ? WINDOW_HALF_US.length - 1 : i) + direction));
      return { windowHalf_us: WINDOW_HALF_US[next] };
    }),
}));
