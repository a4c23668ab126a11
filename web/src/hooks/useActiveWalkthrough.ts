import { useScenario } from './useScenario';
import { useWalkthroughStore } from '../state/walkthroughStore';
import type { Walkthrough, WalkthroughStep } from '../../../core-wasm/js/scenarioTypes';

/** The open walkthrough of the current scenario with its current step (clamped), or null. */
export function useActiveWalkthrough(): { walkthrough: Walkthrough; index: number; step: WalkthroughStep } | null {
  const scenario = useScenario();
  const id = useWalkthroughStore((s) => s.id);
  const stepIndex = useWalkthroughStore((s) => s.step);
  const walkthrough = scenario.walkthroughs?.find((w) => w.id === id);
  if (!walkthrough || walkthrough.steps.length === 0) return null;
  const index = Math.min(stepIndex, walkthrough.steps.length - 1);
  return { walkthrough, index, step: walkthrough.steps[index] };
}
