import { describe, expect, it } from 'vitest';
import { sampleEvent } from '../testing/sample-events.ts';
import { isSystemEvent, toEventData, toRecordedEvent, type StoredRecord } from './event-mapping.ts';

const created = new Date('2025-03-04T05:06:07.000Z');

function stored(overrides: Partial<StoredRecord> = {}): StoredRecord {
  const event = sampleEvent('PostCreated', { text: 'hi' });
  return {
    streamId: 'post-1',
    id: event.id,
    type: event.type,
    revision: 3n,
    created,
    data: event.data,
    metadata: event.metadata,
    position: { commit: 900n, prepare: 950n },
    ...overrides,
  };
}

describe('new event → client event data', () => {
  it('keeps the id (for idempotency) and writes JSON data and metadata', () => {
    const event = sampleEvent('Liked', { postId: 'p1' });
    expect(toEventData(event)).toEqual({
      id: event.id,
      contentType: 'application/json',
      type: 'Liked',
      data: { postId: 'p1' },
      metadata: event.metadata,
    });
  });

  it('writes missing data as JSON null', () => {
    const event = { ...sampleEvent(), data: undefined };
    expect(toEventData(event).data).toBeNull();
  });
});

describe('client recorded event → port recorded event', () => {
  it('maps revision to version, commit/prepare to position and created to createdAt', () => {
    const record = stored();
    expect(toRecordedEvent(record)).toEqual({
      id: record.id,
      type: 'PostCreated',
      data: { text: 'hi' },
      metadata: record.metadata,
      stream: 'post-1',
      version: 3n,
      position: { commit: 900n, prepare: 950n },
      createdAt: created,
    });
  });

  it('refuses an event without a log position (server older than 22.6)', () => {
    expect(() => toRecordedEvent(stored({ position: undefined }))).toThrow(/without a log position/);
  });

  it('gives events written by other tools neutral metadata instead of failing', () => {
    for (const metadata of [undefined, 'text', { foo: 1 }, new Uint8Array([1, 2])]) {
      const record = stored({ metadata });
      expect(toRecordedEvent(record).metadata).toEqual({
        actorId: null,
        correlationId: record.id,
        causationId: null,
        requestId: null,
        client: null,
        timestamp: created.toISOString(),
      });
    }
  });
});

describe('system events', () => {
  it('are recognised by a $ in front of the stream or the type', () => {
    expect(isSystemEvent({ streamId: '$settings', type: 'update' })).toBe(true);
    expect(isSystemEvent({ streamId: '$$post-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$ce-post', type: '$>' })).toBe(true);
    expect(isSystemEvent({ streamId: 'post-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: 'post-1', type: 'PostCreated' })).toBe(false);
    expect(isSystemEvent({ streamId: 'user-$1', type: 'Renamed' })).toBe(false);
  });
});
