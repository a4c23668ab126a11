/**
 * The page's keyboard shortcuts as the help dialog lists them (components/KeyboardHelp.tsx): the keys of
 * hooks/useKeyboardShortcuts.ts (time cursor) and hooks/useWalkthroughKeys.ts (an open walkthrough). None acts while
 * typing in a field or inside a dialog (insideFieldOrDialog).
 */
export const KEYBOARD_SHORTCUTS: readonly (readonly [readonly string[], string])[] = [
  [['Space'], 'Play or pause (on another focused button, Space presses that button)'],
  [['→', '←'], 'Step to the next or previous trace record'],
  [['Shift + →', 'Shift + ←'], 'Move the time cursor 1 µs forward or back'],
  [['Home', 'End'], 'Go to the start or the end of the run'],
  [['N', 'Page Down'], 'Walkthrough: next step'],
  [['P', 'Page Up'], 'Walkthrough: previous step'],
  [['Esc'], 'Leave presentation mode, then the walkthrough; close this list'],
  [['?'], 'Show this list'],
];

/** True for a key event typed into a form field or inside a dialog: the page's shortcuts leave it alone. */
export function insideFieldOrDialog(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;  // the window, the document, or no element
  if (el.isContentEditable || el.closest('dialog') !== null) return true;
  return el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA';
}

/** The key that opens the shortcut list: "?" outside fields and dialogs, with no Ctrl, Alt or Meta. */
export function isHelpKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  return e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !insideFieldOrDialog(e.target);
}
