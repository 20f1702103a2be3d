import { useState } from 'react';
import { useLocation } from 'wouter';
import { LIVE_STREAM_MESSAGES } from '@myworld/schemas';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { LiveIcon } from '../../../components/ui/icons.tsx';
import { useActiveStreams, type CategoryFilter } from '../api/list-active-streams.ts';
import { CategoryChips } from './category-chips.tsx';
import { StreamCard } from './stream-card.tsx';
import { UpcomingStreams } from './upcoming-streams.tsx';
import './live-streams.css';

/**
 * /live: category chips, cards opening /stream/{id}, and Go Live (visitors go to /login), then
 * Upcoming Streams with Remind Me. Refreshes every 10 s. Visitors may browse it too.
 */
export function LivePage() {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [category, setCategory] = useState<CategoryFilter>('all');
  const streams = useActiveStreams(category);
  const now = new Date();
  return (
    <main className="live-page" data-testid="live-page">
      <header className="live-header">
        <h1 className="live-header__title">Live</h1>
        <button
          type="button"
          className="btn btn--primary btn--small"
          data-testid="go-live-button"
          onClick={() => navigate(user ? '/go-live' : '/login')}
        >
          Go Live
        </button>
      </header>
      <CategoryChips value={category} onChange={setCategory} />
      <h2 className="live-section__title">{LIVE_STREAM_MESSAGES.liveNow}</h2>
      {streams.isLoading && <p className="muted">Loading streams...</p>}
      {streams.isError && <p className="muted">Live streams could not be loaded. Retrying shortly...</p>}
      {streams.data && streams.data.length === 0 && (
        <div className="empty-state">
          <span className="empty-state__icon">
            <LiveIcon />
          </span>
          <h2 className="empty-state__title">No live streams right now</h2>
          <p className="empty-state__text">Check back soon, or start one yourself.</p>
        </div>
      )}
      {streams.data && streams.data.length > 0 && (
        <div className="stream-grid" data-testid="stream-grid">
          {streams.data.map((s) => (
            <StreamCard key={s.id} stream={s} now={now} />
          ))}
        </div>
      )}
      <UpcomingStreams />
    </main>
  );
}
