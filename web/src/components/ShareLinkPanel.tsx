/**
 * Copy-link: writes the scenario into the URL hash (`#s=1.<lz-string data>`, share/linkCodec.ts), copies the
 * URL to the clipboard when allowed and shows it in a read-only field.
 */
import { useState } from 'react';
import { encodeScenarioLink } from '../share/linkCodec';
import { useScenario } from '../hooks/useScenario';
import { useScenarioStore } from '../state/scenarioStore';
import { useBannerStore } from '../state/bannerStore';
import { markOwnHash } from '../hooks/useInitialScenario';

export function ShareLinkPanel() {
  const scenario = useScenario();
  const shareUrl = useScenarioStore((s) => s.shareUrl);
  const setShareUrl = useScenarioStore((s) => s.setShareUrl);
  const [note, setNote] = useState('');

  const copy = async () => {
    let hash: string;
    try {
      hash = encodeScenarioLink(scenario);
    } catch (err) {
      useBannerStore.getState().show((err as Error).message);
      return;
    }
    markOwnHash(hash);
    window.location.hash = hash;
    const url = window.location.href;
    setShareUrl(url);
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
      <button type="button" data-testid="copy-link" onClick={copy}>
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
