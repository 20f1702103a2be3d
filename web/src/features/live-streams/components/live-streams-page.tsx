import { Link } from 'wouter';
import { useLiveStreams } from '../api/list-live-streams.ts';
import { capitalize } from '../lib/format.ts';
import { StreamCard } from './stream-card.tsx';
import './live-streams.css';

/** /live-streams, listing variant (a): Live Now and Upcoming Streams (Remind Me), and Start Streaming. */
export function LiveStreamsPage() {
  const listing = useLiveStreams();
  const live = listing.data?.filter((s) => s.isActive) ?? [];
  const upcoming = listing.data?.filter((s) => !s.isActive && s.isScheduled) ?? [];
  const now = new Date();
  return (
    <main className="live-page" data-testid="live-streams-page">
      <header className="live-header">
        <h1 className="live-header__title">Live Streams</h1>
        <Link href="/go-live" className="btn btn--primary btn--small" data-testid="start-streaming">
          Start Streaming
        </Link>
      </header>
      {listing.isLoading && <p className="muted">Loading streams...</p>}
      <section aria-labelledby="live-now">
        <h2 id="live-now" className="live-section__title">
          Live Now
        </h2>
        {listing.data && live.length === 0 && <p className="muted">Nobody is live right now.</p>}
        <div className="stream-grid">
          {live.map((s) => (
            <StreamCard key={s.id} stream={s} now={now} />
          ))}
        </div>
      </section>
      <section aria-labelledby="upcoming">
        <h2 id="upcoming" className="live-section__title">
          Upcoming Streams
        </h2>
        {listing.data && upcoming.length === 0 && <p className="muted">No upcoming streams scheduled.</p>}
        {upcoming.map((s) => (
          <div key={s.id} className="card upcoming-item" data-testid="upcoming-stream">
            <div className="upcoming-item__text">
              <p className="upcoming-item__title">{s.title}</p>
              <p className="muted">
                @{s.streamerUsername ?? 'unknown'} · {capitalize(s.category)}
                {s.scheduledFor ? ` · ${new Date(s.scheduledFor).toLocaleString()}` : ''}
              </p>
            </div>
            <button type="button" className="btn btn--secondary btn--small">
              Remind Me
            </button>
          </div>
        ))}
      </section>
    </main>
  );
}
