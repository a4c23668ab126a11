/**
 * Keyboard control of an open walkthrough: N or PageDown = next step, P or PageUp = previous step,
 * Esc = leave presentation mode, then the walkthrough. Keys typed into form fields are left alone.
 */
import { useEffect } from 'react';
import { useWalkthroughStore } from '../state/walkthroughStore';
import { leaveWalkthrough, nextStep, previousStep } from '../walkthrough/walkthroughNav';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA';
}

export function useWalkthroughKeys(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (useWalkthroughStore.getState().id === null) return;
      const actions: Record<string, () => void> = {
        n: nextStep, N: nextStep, PageDown: nextStep,
        p: previousStep, P: previousStep, PageUp: previousStep,
        Escape: leaveWalkthrough,
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
