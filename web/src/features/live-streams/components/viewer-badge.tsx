import { formatViewerCount } from '../lib/format.ts';

/** "LIVE" plus the viewer count with K/M (read out as "1 viewer", "2 viewers"). */
export function LiveBadge({ viewerCount, testId }: { viewerCount: number; testId?: string }) {
  return (
    <span className="badge badge--live" data-testid={testId}>
      LIVE · <span data-testid={testId ? `${testId}-count` : undefined}>{formatViewerCount(viewerCount)}</span>
      <span className="visually-hidden">{viewerCount === 1 ? ' viewer' : ' viewers'}</span>
    </span>
  );
}
