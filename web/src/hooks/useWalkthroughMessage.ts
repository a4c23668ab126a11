import { useMemo } from 'react';
import { useActiveWalkthrough } from './useActiveWalkthrough';
import { useScenario } from './useScenario';
import { useTraceVersion } from './useTraceVersion';
import { useRun } from '../run/RunContext';
import { stepMessage } from '../walkthrough/stepTime';

/**
 * The message the open walkthrough step narrates (walkthrough/stepTime.ts `stepMessage`: its anchor's message id in
 * this run's trace), or null when no walkthrough is open, the step is not anchored at a message or the anchor is not
 * traced yet. Views that show one message at a time (the storage view's list transfer, the event-chain view) show
 * this one, so that they follow the text.
 */
export function useWalkthroughMessage(): number | null {
  const { trace } = useRun();
  const active = useActiveWalkthrough();
  const scenario = useScenario();
  const version = useTraceVersion();
  const step = active?.step ?? null;
  // version: the trace store (outside React) grew, so an anchor may have been traced since
  return useMemo(() => (step ? stepMessage(step, scenario, trace) : null), [step, scenario, trace, version]);
}
