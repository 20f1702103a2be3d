import type { RecordedEvent } from '@myworld/eventstore';
import type { TimelineFacts } from './timeline-facts.ts';
import type { TimelinesDb } from './timelines.projection.ts';

const HOUR_MS = 3_600_000;

/**
 * The engagement among `events` (with their facts, index for index) counted per item, UTC hour
 * and kind, with the first and last of each: one row per key, so a batch upserts each key once.
 */
export function engagementHours(
  events: readonly Pick<RecordedEvent, 'createdAt'>[],
  facts: readonly TimelineFacts[],
): TimelinesDb['engagement_hours'][] {
  const byKey = new Map<string, TimelinesDb['engagement_hours']>();
  events.forEach((event, i) => {
    const engagement = facts[i]?.engagement;
    if (!engagement) return;
    const at = event.createdAt;
    const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${engagement.of}|${hour.getTime()}|${engagement.kind}`;
    const row = byKey.get(key);
    if (row)
      Object.assign(row, {
        count: row.count + 1,
        first_at: at < row.first_at ? at : row.first_at,
        last_at: at > row.last_at ? at : row.last_at,
      });
    else byKey.set(key, { subject: engagement.of, hour, kind: engagement.kind, count: 1, first_at: at, last_at: at });
  });
  return [...byKey.values()];
}
