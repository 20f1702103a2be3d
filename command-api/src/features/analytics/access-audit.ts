import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { analyticsAccessStreamName, type AnalyticsEvent, type EventMetadata } from '@myworld/schemas';

type Viewed = Extract<AnalyticsEvent, { type: 'AnalyticsViewed' }>['data'];

/**
 * Records that an analyst read another creator's analytics, on the analyst's stream
 * `analyticsaccess-{viewerId}`. There is nothing to decide (every read is recorded), so it is
 * appended without loading the stream, which grows with every read.
 */
export async function recordAnalyticsViewed(store: EventStore, viewed: Viewed, metadata: EventMetadata): Promise<void> {
  await store.append(analyticsAccessStreamName(viewed.viewerId), expected.any, [
    { id: randomUUID(), type: 'AnalyticsViewed', data: viewed, metadata },
  ]);
}
