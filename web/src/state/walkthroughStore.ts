/**
 * The walkthrough being shown (an id of the scenario's `walkthroughs`, the 0-based step) and presentation mode
 * (large type, editor hidden, keyboard-driven). Share links carry id and step (share/viewState.ts).
 */
import { create } from 'zustand';

interface WalkthroughState {
  id: string | null;
  step: number;
  presenting: boolean;
  open(id: string | null, step?: number): void;
  setStep(step: number): void;
  setPresenting(presenting: boolean): void;
}

export const useWalkthroughStore = create<WalkthroughState>((set) => ({
  id: null,
  step: 0,
  presenting: false,
  open: (id, step = 0) => set((s) => ({ id, step: Math.max(0, step), presenting: id === null ? false : s.presenting })),
  setStep: (step) => set({ step: Math.max(0, step) }),
  setPresenting: (presenting) => set({ presenting }),
}));
