/**
 * The parameter study (issue 38 item 4): its spec (core-wasm/js/studyFigure.ts), its runs' figures as they arrive,
 * progress, and Cancel. The runs are variants of the page's scenario with the parameter set to each value, on a
 * pool of workers (study/studyRunner.ts). The spec travels in share links (share/linkCodec.ts); a link that carries
 * one runs it when opened.
 */
import { create } from 'zustand';
import { figureValue, withParameter, type FigureSource, type StudySpec } from '../../../core-wasm/js/studyFigure';
import { StudyRunner } from '../study/studyRunner';
import { wasmModuleUrl } from '../run/runs';
import { useScenarioStore } from './scenarioStore';

export interface StudyPoint {
  value: number;
  /** The figure read from the run, null when the run has none (or failed: then `error`). */
  figure: number | null;
  error?: string;
  /** Whether the run has finished (or failed). */
  done: boolean;
}

export type StudyStatus = 'idle' | 'running' | 'done' | 'cancelled';

interface StudyState {
  spec: StudySpec | null;
  status: StudyStatus;
  points: StudyPoint[];
  /** Share of the study's work done, 0-1. */
  progress: number;
  /** Wall ms from Cancel to every worker stopped (the last cancel), for the e2e check and the page's status. */
  cancelMs: number | null;
  /** Wall ms from the study's start to its last run's end (`npm run bench:ui` reads it), null until done. */
  elapsedMs: number | null;
  /** Runs `spec` on the page's current scenario (a running study is cancelled first). */
  start(spec: StudySpec): void;
  cancel(): void;
  /** Stops any runs and forgets the study. */
  reset(): void;
}

let runner: StudyRunner | null = null;

export const useStudyStore = create<StudyState>((set, get) => ({
  spec: null,
  status: 'idle',
  points: [],
  progress: 0,
  cancelMs: null,
  elapsedMs: null,
  reset: () => {
    runner?.cancel();
    runner = null;
    set({ spec: null, status: 'idle', points: [], progress: 0 });
  },
  start: (spec) => {
    runner?.cancel();
    const base = useScenarioStore.getState().scenario;
    const points: StudyPoint[] = spec.values.map((value) => ({ value, figure: null, done: false }));
    set({ spec, status: 'running', points, progress: 0, elapsedMs: null });
    const t0 = performance.now();
    const mine = new StudyRunner(wasmModuleUrl());
    runner = mine;
    const update = (index: number, patch: Partial<StudyPoint>) => {
      if (runner !== mine) return;
      set((s) => ({ points: s.points.map((p, i) => (i === index ? { ...p, ...patch, done: true } : p)) }));
    };
    mine.start(
      spec.values.map((value, index) => ({ index, scenarioText: JSON.stringify(withParameter(base, spec.parameter, value)) })),
      {
        onResult: (index, result) => update(index, { figure: figureValue(result as FigureSource, spec.figure) }),
        onError: (index, message) => update(index, { error: message }),
        onProgress: (progress) => runner === mine && set({ progress }),
        onDone: () => {
          if (runner !== mine) return;
          runner = null;
          set({ status: 'done', progress: 1, elapsedMs: performance.now() - t0 });
        },
      },
    );
  },
  cancel: () => {
    if (!runner) return;
    const t0 = performance.now();
    runner.cancel();
    runner = null;
    set({ status: get().status === 'running' ? 'cancelled' : get().status, cancelMs: performance.now() - t0 });
  },
}));
