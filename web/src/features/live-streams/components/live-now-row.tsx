import { Link } from 'wouter';
import { useActiveStreams } from '../api/list-active-streams.ts';
import { StreamCard } from './stream-card.tsx';
import './live-streams.css';

const SHOWN = 4;

/** The landing page's "Live now" (the `LiveNow` slot): the most watched streams live now, if any. */
export function LiveNowRow() {
  const active = useActiveStreams('all');
  const streams = active.data?.filter((s) => s.isActive).slice(0, SHOWN) ?? [];
  if (streams.length === 0) return null;
  const now = new Date();
  return (
    <section className="live-now" aria-labelledby="live-now-title" data-testid="landing-live-now">
      <div className="live-now__head">
        <h2 id="live-now-title" className="live-now__title">
          Live now
        </h2>
        <Link href="/live">See all</Link>
      </div>
      <div className="live-now__row">
        {streams.map((stream) => (
          <StreamCard key={stream.id} stream={stream} now={now} />
        ))}
      </div>
    </section>
  );
}
