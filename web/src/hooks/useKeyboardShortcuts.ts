/**
 * Keyboard control of the time cursor: Space = play/pause, ArrowRight/ArrowLeft = step to the next/previous
 * trace record, Shift+Arrow = scrub ±1 µs, Home/End = start/end. Keys typed into form fields are left alone.
 */
import { useEffect } from 'react';
import { goToEnd, goToStart, scrubBy, stepBack, stepForward, togglePlay } from '../state/timeCursor';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA';
}

export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const actions: Record<string, () => void> = {
        ' ': togglePlay,
        ArrowRight: e.shiftKey ? () => scrubBy(1) : stepForward,
        ArrowLeft: e.shiftKey ? () => scrubBy(-1) : stepBack,
        Home: goToStart,
        End: goToEnd,
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault(); // also stops Space from clicking a focused button a second time
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
