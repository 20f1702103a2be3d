import { formatViewerCount } from '../lib/format.ts';

/** "LIVE" plus the viewer count with K/M. */
export function LiveBadge({ viewerCount, testId }: { viewerCount: number; testId?: string }) {
  return (
    <span className="badge badge--live" data-testid={testId}>
      LIVE · <span data-testid={testId ? `${testId}-count` : undefined}>{formatViewerCount(viewerCount)}</span>
      <span className="visually-hidden"> viewers</span>
    </span>
  );
}
