import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@myworld/eventstore';
import { recordedEvent } from '@myworld/eventstore/testing';
import { deleteEndedThumbnails, endedThumbnailKeys } from './thumbnails.reactor.ts';

const now = new Date('2026-11-29T10:00:00.000Z');
const streamId = '11111111-1111-4111-8111-111111111111';

const recorded = (type: string, data: unknown): RecordedEvent =>
  recordedEvent({ id: '22222222-2222-4222-8222-222222222222', type, data, stream: `livestream-${streamId}`, at: now });

const batch = [
  recorded('LiveStreamThumbnailUpdated', { unread: 'events of other types are skipped without parsing' }),
  recorded('LiveStreamEnded', { streamId, endedBy: null, reason: 'media_stopped', endedAt: now.toISOString() }),
];

describe('live-stream thumbnail reactor (LiveStreamEnded -> the frame leaves the store)', () => {
  it("names each ended stream's one key; other events are skipped unread", () => {
    expect(endedThumbnailKeys(batch)).toEqual([`live-streams/${streamId}/thumbnail`]);
  });

  it('deletes those keys (again, harmlessly, when a batch is handled twice)', async () => {
    const deleted: string[] = [];
    const handle = deleteEndedThumbnails({ delete: async (key) => void deleted.push(key) });
    await handle(batch);
    await handle(batch);
    expect(deleted).toEqual([`live-streams/${streamId}/thumbnail`, `live-streams/${streamId}/thumbnail`]);
  });
});
