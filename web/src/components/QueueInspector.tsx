/**
 * Draws any "owners → queues → entries" model (inspect/queueModel.ts): each owner with its state, each queue
 * with its entries in order, each entry as a chip with its label, state, byte count and detail. Generic, so
 * every protocol's queues can be shown by building the model (issue 5).
 */
import type { QueueOwnerView } from '../inspect/queueModel';
import { formatBytes } from '../charts/formatBytes';

export function QueueInspector({ owners, testId }: { owners: QueueOwnerView[]; testId: string }) {
  return (
    <div className="queue-owners" data-testid={testId}>
      {owners.map((o) => (
        <section key={o.key} className="queue-owner" data-testid={`${testId}-owner`} data-owner={o.key}>
          <header>
            <b>{o.title}</b>{' '}
            <span className={`badge tone-${o.tone}`} data-testid={`${testId}-owner-state`}>
              {o.state}
            </span>
            {o.detail && <span className="muted"> · {o.detail}</span>}
          </header>
          {o.queues.map((q) => (
            <div key={q.key} className="queue-row" data-queue={q.key}>
              <div className="queue-title">
                {q.title}
                {q.hint && <span className="muted"> ({q.hint})</span>}
              </div>
              <ol className="queue-entries" data-testid={`${testId}-queue-${q.key}`}>
                {q.entries.length === 0 && <li className="muted queue-empty">empty</li>}
                {q.entries.map((e) => (
                  <li
                    key={e.key}
                    className={`queue-entry tone-${e.tone}`}
                    data-testid={`${testId}-entry`}
                    data-state={e.stateId}
                    title={`${e.label}: ${e.state}${e.detail ? ` (${e.detail})` : ''}${e.message ? `, message ${e.message}` : ''}`}
                  >
                    <span className="entry-label">{e.label}</span>
                    <span className="entry-state">{e.state}</span>
                    {e.bytes > 0 && <span className="entry-bytes">{formatBytes(e.bytes)}</span>}
                    {e.detail && <span className="entry-detail">{e.detail}</span>}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
