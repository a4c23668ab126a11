/**
 * First-visit orientation (issue 13): one line saying what is on screen (the scenario's title and cluster) and how to
 * start (Play, or the scenario's first walkthrough), dismissible and remembered in localStorage
 * (`hpcsim.firstVisit.dismissed`) so it greets a newcomer once. Hidden while a walkthrough is open or presenting.
 */
import { useState } from 'react';
import { useScenario } from '../hooks/useScenario';
import { useActiveWalkthrough } from '../hooks/useActiveWalkthrough';
import { useWalkthroughStore } from '../state/walkthroughStore';

export const FIRST_VISIT_KEY = 'hpcsim.firstVisit.dismissed';

function dismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(FIRST_VISIT_KEY) === '1';
  } catch {
    return false; // storage blocked: show it, it is dismissible for this page
  }
}

export function FirstVisitCard() {
  const scenario = useScenario();
  const active = useActiveWalkthrough();
  const presenting = useWalkthroughStore((s) => s.presenting);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (dismissed || active || presenting) return null;
  const first = scenario.walkthroughs?.[0];
  const dismiss = () => {
    try {
      window.localStorage.setItem(FIRST_VISIT_KEY, '1');
    } catch {
      /* storage blocked: dismissed for this page only */
    }
    setDismissed(true);
  };
  return (
    <section className="first-visit" data-testid="first-visit" aria-label="What this page shows">
      <p data-testid="first-visit-caption">
        <strong>{scenario.title ?? scenario.id}</strong>: a simulated cluster, packet by packet. Press <kbd>▶ Play</kbd>{' '}
        to watch the messages cross it, click a node to inspect its NIC and host, and read the results below. Press{' '}
        <kbd>?</kbd> for the keyboard shortcuts.
      </p>
      <div className="first-visit-actions">
        {first && (
          <button type="button" data-testid="first-visit-walkthrough" onClick={() => useWalkthroughStore.getState().open(first.id, 0)}>
            Take the guided walkthrough: {first.title}
          </button>
        )}
        <button type="button" data-testid="first-visit-dismiss" onClick={dismiss} aria-label="Got it: dismiss this introduction">
          Got it
        </button>
      </div>
    </section>
  );
}
