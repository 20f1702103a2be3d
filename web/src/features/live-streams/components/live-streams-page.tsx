import { Link } from 'wouter';
import { useLiveStreams } from '../api/list-live-streams.ts';
import { StreamCard } from './stream-card.tsx';
import { UpcomingStreams } from './upcoming-streams.tsx';
import './live-streams.css';

/** /live-streams, listing variant (a): Live Now and Upcoming Streams (Remind Me), and Start Streaming. */
export function LiveStreamsPage() {
  const listing = useLiveStreams();
  const live = listing.data?.filter((s) => s.isActive) ?? [];
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
      <UpcomingStreams />
    </main>
  );
}
