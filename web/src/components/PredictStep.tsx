/**
 * Predict, then run (issue 40 item 4): a walkthrough step's question, answered before the run's answer shows. Choices
 * are radio buttons, a number is a slider; "Lock in" records the prediction, then the card shows it beside the run's
 * answer (core-wasm/js/predict.ts: read from the result) and the explanation. "Try again" clears the prediction.
 */
import { useState, type ReactNode } from 'react';
import { predictAnswer, type Predict } from '../../../core-wasm/js/predict';
import { useSimResult } from '../hooks/useSimResult';
import { useScenario } from '../hooks/useScenario';
import { usePredictStore } from '../state/predictStore';

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3));

export function PredictStep({ predict, stepKey }: { predict: Predict; stepKey: string }) {
  const answer = usePredictStore((s) => s.answers[stepKey]);
  const result = useSimResult();
  const scenario = useScenario();
  const [choice, setChoice] = useState<number | null>(null);
  const n = predict.number;
  const [value, setValue] = useState(n ? (n.min + n.max) / 2 : 0);
  const run = predictAnswer(predict, result, scenario);
  const { lockIn, forget } = usePredictStore.getState();

  if (!answer)
    return (
      <form className="predict" data-testid="predict" onSubmit={(e) => {
        e.preventDefault();
        if (predict.choices && choice !== null) lockIn(stepKey, { choice });
        else if (n) lockIn(stepKey, { number: value });
      }}>
        <p className="predict-question"><b>Predict first:</b> {predict.question}</p>
        {predict.choices && (
          <div role="radiogroup" aria-label={predict.question} className="predict-choices">
            {predict.choices.map((c, i) => (
              <label key={i}>
                <input type="radio" name={`predict-${stepKey}`} data-testid={`predict-choice-${i}`} checked={choice === i} onChange={() => setChoice(i)} /> {c.label}
              </label>
            ))}
          </div>
        )}
        {n && (
          <label className="predict-number">
            <input type="range" data-testid="predict-slider" min={n.min} max={n.max} step={n.step} value={value} onChange={(e) => setValue(Number(e.target.value))} aria-label={predict.question} />{' '}
            <output data-testid="predict-value">{value} {n.unit}</output>
          </label>
        )}
        <button type="submit" data-testid="predict-lock" disabled={!!predict.choices && choice === null}>Lock in my answer</button>
      </form>
    );

  let verdict: ReactNode = <span className="muted">The run has not reached this answer yet.</span>;
  if (run?.kind === 'choice' && 'choice' in answer && predict.choices) {
    const right = answer.choice === run.right;
    verdict = (
      <>
        You said <b>{predict.choices[answer.choice].label}</b>; the run says <b data-testid="predict-run-answer">{predict.choices[run.right].label}</b>{' '}
        ({predict.choices.map((c, i) => `${c.label} ${fmt(run.values[i] as number)}`).join(', ')}). {right ? 'Right.' : 'Not this time.'}
      </>
    );
  } else if (run?.kind === 'number' && 'number' in answer && n) {
    verdict = (
      <>
        You said <b>{answer.number} {n.unit}</b>; the run says <b data-testid="predict-run-answer">{fmt(run.value)} {n.unit}</b>
        {run.paper !== null ? ` (the paper: ${fmt(run.paper)} ${n.unit})` : ''}.
      </>
    );
  }
  return (
    <div className="predict predict-answered" data-testid="predict-answered">
      <p className="predict-verdict" aria-live="polite">{verdict}</p>
      <p className="predict-explanation" data-testid="predict-explanation">{predict.explanation}</p>
      <button type="button" data-testid="predict-again" onClick={() => forget(stepKey)}>Try again</button>
    </div>
  );
}
