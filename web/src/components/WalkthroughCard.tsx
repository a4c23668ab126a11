/**
 * The open walkthrough's step card: its text and citation, and on a step that asks one the prediction, whose answer
 * and explanation show once the student has locked it in (components/PredictStep.tsx); Previous / Next (P / N, PageUp / PageDown) move the
 * time cursor and the highlight (hooks/useWalkthroughCursor.ts); a toggle turns on presentation mode (large
 * type, editor hidden; Esc leaves). Shown only while a walkthrough is open (WalkthroughPicker opens one).
 */
import { useActiveWalkthrough } from '../hooks/useActiveWalkthrough';
import { useWalkthroughStore } from '../state/walkthroughStore';
import { leaveWalkthrough, nextStep, previousStep } from '../walkthrough/walkthroughNav';
import { PredictStep } from './PredictStep';

export function WalkthroughCard() {
  const active = useActiveWalkthrough();
  const presenting = useWalkthroughStore((s) => s.presenting);
  if (!active) return null;
  const { setPresenting } = useWalkthroughStore.getState();
  const count = active.walkthrough.steps.length;
  const text = (
    <>
      <p className="walkthrough-text" data-testid="walkthrough-text">{active.step.text}</p>
      {active.step.cite && (
        <p className="walkthrough-cite" data-testid="walkthrough-cite">
          <cite>{active.step.cite}</cite>
        </p>
      )}
    </>
  );
  return (
    <section className="panel walkthrough" aria-label={`Walkthrough: ${active.walkthrough.title}`} data-testid="walkthrough-card">
      <div className="walkthrough-bar">
        <h2>{active.walkthrough.title}</h2>
        <button type="button" data-testid="walkthrough-prev" onClick={previousStep} disabled={active.index === 0} aria-label="Previous step (P or Page Up)" aria-keyshortcuts="P PageUp">
          ◂ Previous
        </button>
        <span className="walkthrough-count" data-testid="walkthrough-step" aria-live="polite">
          step {active.index + 1} of {count}
        </span>
        <button type="button" data-testid="walkthrough-next" onClick={nextStep} disabled={active.index >= count - 1} aria-label="Next step (N or Page Down)" aria-keyshortcuts="N PageDown">
          Next ▸
        </button>
        <button type="button" data-testid="presentation-toggle" aria-pressed={presenting} onClick={() => setPresenting(!presenting)} aria-label={presenting ? 'Leave presentation mode (Esc)' : 'Presentation mode: large type, keyboard N / P, Esc to leave'}>
          {presenting ? 'Leave presentation' : 'Present'}
        </button>
        <button type="button" onClick={leaveWalkthrough} aria-label="Close the walkthrough (Esc)" data-testid="walkthrough-close">
          ✕
        </button>
      </div>
      {text}
      {active.step.predict && (
        <PredictStep key={`${active.walkthrough.id}/${active.index}`} predict={active.step.predict} stepKey={`${active.walkthrough.id}/${active.index}`} />
      )}
    </section>
  );
}
