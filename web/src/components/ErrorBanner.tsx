/** Errors from share links and from the core (hs_last_error), each dismissible. */
import { useBannerMessages } from '../hooks/useBannerMessages';
import { useBannerStore } from '../state/bannerStore';

export function ErrorBanner() {
  const messages = useBannerMessages();
  const dismiss = useBannerStore((s) => s.dismiss);
  if (messages.length === 0) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      {messages.map((m) => (
        <div key={m.id} className="error-line">
          <span>{m.text}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(m.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
