/**
 * Classroom settings of the page (issue 40): the colour profile (default or projector) and, for the chromeless
 * embedded view, its panels; `autoplayPending` asks hooks/useAutoplay.ts to press Play once the run has records.
 * Set from the address's teacher-facing parameters (share/teacherParams.ts) and the header's Projector toggle.
 */
import { create } from 'zustand';
import type { ColorProfile, EmbedPanel, Screen, TeacherParams } from '../share/teacherParams';
import { usePlaybackStore } from './playbackStore';

interface ClassroomState {
  colorProfile: ColorProfile;
  /** The embedded view's panels, or null for the full page. */
  embedPanels: EmbedPanel[] | null;
  autoplayPending: boolean;
  /** The lesson home screen, a lesson's Intro screen or the full Lab. */
  screen: Screen;
  setColorProfile(profile: ColorProfile): void;
  /** Applies an address's teacher parameters (a profile or speed it does not give is left as it is). */
  apply(params: TeacherParams): void;
  autoplayDone(): void;
}

export const useClassroomStore = create<ClassroomState>((set) => ({
  colorProfile: 'default',
  embedPanels: null,
  autoplayPending: false,
  screen: 'lab',
  setColorProfile: (colorProfile) => set({ colorProfile }),
  apply: (p) => {
    if (p.speed_us_per_s !== null) usePlaybackStore.getState().setSpeed(p.speed_us_per_s);
    set((s) => ({
      colorProfile: p.colorProfile ?? s.colorProfile,
      embedPanels: p.embed ? p.panels : null,
      autoplayPending: p.autoplay,
      screen: p.screen,
    }));
  },
  autoplayDone: () => set({ autoplayPending: false }),
}));
