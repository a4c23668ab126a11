/**
 * Copy-link: writes the scenario and the view (selected node, time cursor, speed, open panels) into the URL hash
 * (`#s=2.<lz-string data>`, share/linkCodec.ts), copies the URL to the clipboard when allowed and shows it in a
 * read-only field.
 */
import { useState } from 'react';
import { useScenarioStore } from '../state/scenarioStore';
import { writeShareLink } from '../share/writeShareLink';

export function ShareLinkPanel() {
  const shareUrl = useScenarioStore((s) => s.shareUrl);
  const [note, setNote] = useState('');

  const copy = async () => {
    const url = writeShareLink();
    if (url === null) return;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setNote('copied');
    } catch {
      setNote('select and copy the link');
    }
  };

  return (
    <div className="share">
      <button type="button" data-testid="copy-link" onClick={copy} aria-label="Copy link: a share link of this scenario and view">
        Copy link
      </button>
      {shareUrl && (
        <>
          <input
            type="text"
            readOnly
            value={shareUrl}
            data-testid="share-url"
            aria-label="Share link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <span className="muted" aria-live="polite">
            {note}
          </span>
        </>
      )}
    </div>
  );
}
