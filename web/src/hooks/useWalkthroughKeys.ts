/**
 * Keyboard control of an open walkthrough: N or PageDown = next step, P or PageUp = previous step,
 * Esc = leave presentation mode, then the walkthrough. Keys typed into form fields or inside a dialog are left alone.
 */
import { useEffect } from 'react';
import { insideFieldOrDialog } from '../keys/shortcutList';
import { useWalkthroughStore } from '../state/walkthroughStore';
import { leaveWalkthrough, nextStep, previousStep } from '../walkthrough/walkthroughNav';

export function useWalkthroughKeys(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || insideFieldOrDialog(e.target)) return;
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
