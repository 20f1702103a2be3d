import { formatViewerCount } from '@myworld/schemas/live-streams';

/** "LIVE" plus the viewer count with K/M (spec §9). */
export function LiveBadge({ viewerCount, testId }: { viewerCount: number; testId?: string }) {
  return (
    <span className="badge badge--live" data-testid={testId}>
      LIVE · <span data-testid={testId ? `${testId}-count` : undefined}>{formatViewerCount(viewerCount)}</span>
      <span className="visually-hidden"> viewers</span>
    </span>
  );
}
