import { useLocation } from 'wouter';
import { formatCents, type LiveStream } from '@myworld/schemas';
import { capitalize, formatViewerCount } from '../lib/format.ts';

/** On /go-live while live: what the stream is and how it is doing (gifts in cents, live from the room). */
export function StreamInfoPanel({
  stream,
  viewerCount,
  giftsCents,
}: {
  stream: LiveStream;
  viewerCount: number;
  giftsCents: number;
}) {
  const [, navigate] = useLocation();
  return (
    <section className="card panel" aria-label="Stream Info" data-testid="stream-info" data-stream-id={stream.id}>
      <h2 className="panel__title">Stream Info</h2>
      <dl className="stack">
        <div className="panel__row">
          <dt>Title</dt>
          <dd data-testid="info-title">{stream.title}</dd>
        </div>
        <div className="panel__row">
          <dt>Description</dt>
          <dd>{stream.description || '—'}</dd>
        </div>
        <div className="panel__row">
          <dt>Viewers</dt>
          <dd data-testid="info-viewers">{formatViewerCount(viewerCount)}</dd>
        </div>
        <div className="panel__row">
          <dt>Gifts Received</dt>
          <dd data-testid="gifts-received">{formatCents(giftsCents)}</dd>
        </div>
        <div className="panel__row">
          <dt>Category</dt>
          <dd>{capitalize(stream.category)}</dd>
        </div>
        <div className="panel__row">
          <dt>Duets</dt>
          <dd>{stream.allowDuets ? 'Enabled' : 'Disabled'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn--secondary"
        data-testid="view-stream-page"
        onClick={() => navigate(`/stream/${stream.id}`)}
      >
        View Stream Page
      </button>
    </section>
  );
}
