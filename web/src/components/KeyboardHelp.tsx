/**
 * The keyboard shortcuts, in a modal dialog opened by "?" (or the header's "Keys" button) and closed by Esc or Close:
 * the page's shortcuts are otherwise known only from its buttons' tooltips. The list is KEYBOARD_SHORTCUTS, the keys
 * hooks/useKeyboardShortcuts.ts and hooks/useWalkthroughKeys.ts handle.
 */
import { useEffect, useRef } from 'react';
import { KEYBOARD_SHORTCUTS, isHelpKey } from '../keys/shortcutList';

export function KeyboardHelp() {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = () => {
    if (!dialog.current?.open) dialog.current?.showModal();
  };
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (isHelpKey(e)) {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button type="button" className="keys-button" data-testid="keyboard-help-open" onClick={open} aria-keyshortcuts="Shift+?"
        aria-label="Keys: keyboard shortcuts (?)" title="Keyboard shortcuts (?)">
        Keys
      </button>
      <dialog ref={dialog} className="keyboard-help" data-testid="keyboard-help" aria-labelledby="keyboard-help-title">
        <h2 id="keyboard-help-title">Keyboard shortcuts</h2>
        <dl>
          {KEYBOARD_SHORTCUTS.map(([keys, what]) => (
            <div key={what}>
              <dt>{keys.map((k, i) => <span key={k}>{i > 0 && ' or '}<kbd>{k}</kbd></span>)}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog">
          <button type="submit" data-testid="keyboard-help-close" autoFocus>Close</button>
        </form>
      </dialog>
    </>
  );
}
