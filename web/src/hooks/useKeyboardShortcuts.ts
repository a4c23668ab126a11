/**
 * Keyboard control of the time cursor: Space = play/pause, ArrowRight/ArrowLeft = step to the next/previous
 * trace record, Shift+Arrow = scrub ±1 µs, Home/End = start/end. Keys typed into form fields or inside a dialog are left alone, and
 * Space presses a focused button or link other than Play, as it does on any page.
 */
import { useEffect } from 'react';
import { insideFieldOrDialog } from '../keys/shortcutList';
import { goToEnd, goToStart, scrubBy, stepBack, stepForward, togglePlay } from '../state/timeCursor';

/** True when Space belongs to the focused control: a button other than Play (the panel toggles, Copy link, a
 * walkthrough's Next, ...) or a link, which Space presses as everywhere else. On Play, Space stays ours. */
function spacePresses(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target.dataset.testid === 'play-toggle') return false;
  return target.tagName === 'BUTTON' || target.tagName === 'A' || target.getAttribute('role') === 'button';
}

export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || insideFieldOrDialog(e.target)) return;
      if (e.key === ' ' && spacePresses(e.target)) return;
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
