import { LIVE_STREAM_MESSAGES } from '@myworld/schemas';
import type { DuetRequests } from '../hooks/use-duet-requests.ts';

/** The streamer's pending duet requests: who asks, their message, Accept and Decline. */
export function DuetRequestsPanel({ duet }: { duet: DuetRequests }) {
  if (duet.requests.length === 0) return null;
  return (
    <section
      className="card panel duet-requests"
      aria-label={LIVE_STREAM_MESSAGES.duetRequestTitle}
      data-testid="duet-requests"
    >
      <h2 className="panel__title">{LIVE_STREAM_MESSAGES.duetRequestTitle}</h2>
      {duet.requests.map((r) => (
        <div key={r.from.id} className="duet-request" data-testid="duet-request" data-user-id={r.from.id}>
          <p className="duet-request__text">
            <strong>@{r.from.username ?? 'unknown'}</strong>
            {r.message && <span className="muted"> {r.message}</span>}
          </p>
          <div className="duet-request__buttons">
            <button
              type="button"
              className="btn btn--primary btn--small"
              data-testid="duet-accept"
              disabled={duet.answering !== null}
              onClick={() => void duet.answer(r.from.id, 'accept')}
            >
              Accept
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              data-testid="duet-decline"
              disabled={duet.answering !== null}
              onClick={() => void duet.answer(r.from.id, 'decline')}
            >
              Decline
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
