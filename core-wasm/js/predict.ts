/**
 * Predict, then run (issue 40 item 4): a walkthrough step may ask a prediction before it shows the run's answer.
 * A choice question names a figure per choice (core-wasm/js/studyFigure.ts's text form) and whether the right choice
 * is the one whose figure is least or most in the run; a number question names a figure (or the saving of one figure
 * against another, in percent: (b − a) / b × 100) and a slider's range. The answer is read from the run's result,
 * never written in the scenario. Pure.
 */
import { figureValue, paperValue, parseFigure, type FigureSource, type StudyFigure } from './studyFigure';
import type { Scenario } from './scenarioTypes';

export interface PredictChoice {
  label: string;
  /** The figure this choice stands for (text form, e.g. `latency:ompi-rdma-read:4096`). */
  figure: string;
}

export interface Predict {
  question: string;
  choices?: PredictChoice[];
  /** Choice questions: the right choice has the least (e.g. latency) or the most (e.g. bandwidth) figure. */
  pick?: 'least' | 'most';
  /** Number questions: the figure, optionally as a saving from another (percent), and the slider. */
  number?: { figure: string; saving_from?: string; min: number; max: number; step: number; unit: string };
  /** Why the run comes out this way, shown with the answer. */
  explanation: string;
}

export type PredictAnswer =
  | { kind: 'choice'; right: number; values: (number | null)[] }
  | { kind: 'number'; value: number; paper: number | null };

const figure = (text: string): StudyFigure => {
  const f = parseFigure(text);
  if (typeof f === 'string') throw new Error(`predict: ${f}`);
  return f;
};

/** A value, or the saving of `value` against `from` in percent. */
const saving = (value: number | null, from: number | null): number | null =>
  value === null || from === null || from === 0 ? null : ((from - value) / from) * 100;

/** The run's answer to `p`, or null while the run has not got the figures (unfinished, or another scenario). */
export function predictAnswer(p: Predict, result: FigureSource | null, scenario: Pick<Scenario, 'reference'>): PredictAnswer | null {
  if (!result) return null;
  if (p.choices && p.choices.length > 0) {
    const values = p.choices.map((c) => figureValue(result, figure(c.figure)));
    if (values.some((v) => v === null)) return null;
    const sign = p.pick === 'most' ? -1 : 1;
    let right = 0;
    values.forEach((v, i) => {
      if (sign * (v as number) < sign * (values[right] as number)) right = i;
    });
    return { kind: 'choice', right, values };
  }
  if (p.number) {
    const f = figure(p.number.figure);
    const from = p.number.saving_from ? figure(p.number.saving_from) : null;
    const value = from ? saving(figureValue(result, f), figureValue(result, from)) : figureValue(result, f);
    if (value === null) return null;
    const paper = from ? saving(paperValue(scenario, f), paperValue(scenario, from)) : paperValue(scenario, f);
    return { kind: 'number', value, paper };
  }
  return null;
}
