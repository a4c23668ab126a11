/** Next / previous step and leaving a walkthrough (buttons and keys share these). */
import { useWalkthroughStore } from '../state/walkthroughStore';
import { useScenarioStore } from '../state/scenarioStore';

function stepCount(): number {
  const { id } = useWalkthroughStore.getState();
  return useScenarioStore.getState().scenario.walkthroughs?.find((w) => w.id === id)?.steps.length ?? 0;
}

export function nextStep(): void {
  const s = useWalkthroughStore.getState();
  if (s.id === null) return;
  s.setStep(Math.min(stepCount() - 1, s.step + 1));
}

export function previousStep(): void {
  const s = useWalkthroughStore.getState();
  if (s.id === null) return;
  s.setStep(Math.max(0, s.step - 1));
}

/** Esc: leaves presentation mode first, then the walkthrough. */
export function leaveWalkthrough(): void {
  const s = useWalkthroughStore.getState();
  if (s.presenting) s.setPresenting(false);
  else s.open(null);
}
