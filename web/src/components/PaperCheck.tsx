/**
 * The header's "Paper check" button: a modal dialog with every published figure of the four seeds against the
 * model (PaperCheckDialog, its own chunk with the recorded report, loaded on first use).
 */
import { lazy, Suspense, useRef, useState } from 'react';

const PaperCheckDialog = lazy(() => import('./PaperCheckDialog').then((m) => ({ default: m.PaperCheckDialog })));

export function PaperCheck() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState(false);
  const open = () => {
    setLoaded(true);
    if (!dialog.current?.open) dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  return (
    <>
      <button type="button" data-testid="paper-check-open" onClick={open}
        title="Every figure the seed papers publish, against the model: calibrated or predicted, within tolerance or not">
        Paper check
      </button>
      <dialog ref={dialog} className="paper-check" data-testid="paper-check" aria-labelledby="paper-check-title">
        <div className="panel-title">
          <h2 id="paper-check-title">Paper check: the seeds' published figures against the model</h2>
          <form method="dialog">
            <button type="submit" data-testid="paper-check-close">Close</button>
          </form>
        </div>
        {loaded && (
          <Suspense fallback={<p className="muted">Loading the report…</p>}>
            <PaperCheckDialog onOpenScenario={close} />
          </Suspense>
        )}
      </dialog>
    </>
  );
}
