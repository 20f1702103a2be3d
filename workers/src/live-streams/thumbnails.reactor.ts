import type { RecordedEvent } from '@myworld/eventstore';
import { readEvent, streamThumbnailKey } from '@myworld/schemas';

/** The stored frames to delete for a batch: each ended stream's one key; every other event is skipped unread. */
export function endedThumbnailKeys(batch: readonly RecordedEvent[]): string[] {
  const keys: string[] = [];
  for (const recorded of batch) {
    if (recorded.type !== 'LiveStreamEnded') continue;
    const event = readEvent(recorded);
    if (event?.type === 'LiveStreamEnded') keys.push(streamThumbnailKey(event.data.streamId));
  }
  return keys;
}

/**
 * The reactor's batch handler: an ended stream's last frame leaves the store (nothing lists an
 * ended stream, and a deleted account's streams all end). Deleting a missing object is no error,
 * so a batch handled again (a crash before its checkpoint) is harmless.
 */
export function deleteEndedThumbnails(storage: { delete(key: string): Promise<void> }) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    for (const key of endedThumbnailKeys(batch)) await storage.delete(key);
  };
}
