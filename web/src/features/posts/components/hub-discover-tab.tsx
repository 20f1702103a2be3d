import { Link } from 'wouter';
import { useActiveStreams } from '../api/list-active-streams.ts';
import { capitalize } from '../lib/labels.ts';

/** The hub's discover tab: streams live now (refreshed every 10 s), each opening its room. */
export function HubDiscoverTab() {
  const streams = useActiveStreams();
  if (streams.isPending) return <span className="spinner hub-spinner" role="progressbar" aria-label="Loading" />;
  if (streams.isError) return <p className="muted">Could not load live streams.</p>;
  if (streams.data.length === 0) return <p className="muted hub-empty">No live streams right now</p>;
  return (
    <ul className="hub-streams" data-testid="hub-streams">
      {streams.data.map((stream) => (
        <li key={stream.id}>
          <Link href={`/stream/${stream.id}`} className="card hub-stream" data-testid="hub-stream-card">
            <span className="hub-stream__badge">LIVE · {stream.viewerCount}</span>
            <span className="hub-stream__title">{stream.title}</span>
            <span className="muted hub-stream__meta">
              @{stream.streamerUsername ?? 'unknown'} · {capitalize(stream.category)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
