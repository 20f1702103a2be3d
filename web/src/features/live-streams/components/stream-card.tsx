import { Link } from 'wouter';
import type { LiveStream } from '@myworld/schemas';
import { capitalize, formatStreamAge } from '../lib/format.ts';
import { LiveBadge } from './viewer-badge.tsx';

/** A live stream in a listing; opens its room. */
export function StreamCard({ stream, now }: { stream: LiveStream; now: Date }) {
  return (
    <Link href={`/stream/${stream.id}`} className="stream-card" data-testid="stream-card" data-stream-id={stream.id}>
      <div className="stream-card__thumb">
        {stream.thumbnailUrl && <img src={stream.thumbnailUrl} alt="" loading="lazy" />}
        <div className="stream-card__badges">
          <LiveBadge viewerCount={stream.viewerCount} />
          <span className="badge">{capitalize(stream.category)}</span>
        </div>
      </div>
      <p className="stream-card__title">{stream.title}</p>
      <p className="stream-card__meta">
        @{stream.streamerUsername ?? 'unknown'}
        {stream.startedAt ? ` · ${formatStreamAge(stream.startedAt, now)}` : ''}
      </p>
    </Link>
  );
}
