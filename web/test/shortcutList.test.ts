/**
 * The shortcut list and the keys that open it: "?" opens it outside fields and dialogs; every key the two keyboard
 * hooks handle is listed (read from their sources, so a key added to a hook and not to the list fails here).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEYBOARD_SHORTCUTS, isHelpKey } from '../src/keys/shortcutList.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

test('"?" opens the list, with no modifier and outside fields and dialogs', () => {
  const e = { key: '?', ctrlKey: false, metaKey: false, altKey: false, target: null };
  assert.equal(isHelpKey(e), true);
  assert.equal(isHelpKey({ ...e, key: '/' }), false);
  assert.equal(isHelpKey({ ...e, ctrlKey: true }), false);
  assert.equal(isHelpKey({ ...e, altKey: true }), false);
  // Typed into a field, or inside the dialog itself: not a shortcut.
  const element = (tagName: string, inDialog = false) => ({ tagName, isContentEditable: false, closest: () => (inDialog ? {} : null) });
  assert.equal(isHelpKey({ ...e, target: element('BUTTON') as never }), true);
  assert.equal(isHelpKey({ ...e, target: element('INPUT') as never }), false);
  assert.equal(isHelpKey({ ...e, target: element('BUTTON', true) as never }), false);
});

test('every key the keyboard hooks handle is in the list', () => {
  const listed = KEYBOARD_SHORTCUTS.flatMap(([keys]) => keys).join(' ');
  const names: Record<string, string> = { "' '": 'Space', ArrowRight: '→', ArrowLeft: '←', Escape: 'Esc', PageDown: 'Page Down', PageUp: 'Page Up', n: 'N', p: 'P' };
  for (const hook of ['hooks/useKeyboardShortcuts.ts', 'hooks/useWalkthroughKeys.ts']) {
    const actions = /const actions: Record<string, \(\) => void> = \{([\s\S]*?)\};/.exec(readFileSync(join(SRC, hook), 'utf8'))![1];
    const keys = [...actions.matchAll(/(^|[\s{,])('[^']*'|\w+):/g)].map((m) => m[2]);
    assert.ok(keys.length >= 5, hook);
    for (const k of keys) assert.ok(listed.includes(names[k] ?? k), `${hook}: ${k} is not in the list`);
  }
});
