/**
 * Predictions a student locked in on walkthrough steps (issue 40 item 4), by `<walkthrough id>/<step>`: a choice's
 * index or a number. Kept for the page's life only (no storage: the page runs in sandboxed iframes too).
 */
import { create } from 'zustand';

export type Prediction = { choice: number } | { number: number };

interface PredictState {
  answers: Record<string, Prediction>;
  lockIn(key: string, answer: Prediction): void;
  forget(key: string): void;
}

export const usePredictStore = create<PredictState>((set) => ({
  answers: {},
  lockIn: (key, answer) => set((s) => ({ answers: { ...s.answers, [key]: answer } })),
  forget: (key) => set((s) => {
    const answers = { ...s.answers };
    delete answers[key];
    return { answers };
  }),
}));
