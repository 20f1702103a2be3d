import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@myworld/schemas';
import type { NewEvent, RecordedEvent } from '../port.ts';

/** Metadata of an event no one in particular caused, stamped now. */
export function testMetadata(): EventMetadata {
  return {
    actorId: null,
    correlationId: randomUUID(),
    causationId: null,
    requestId: null,
    client: null,
    timestamp: new Date().toISOString(),
  };
}

/** A new event with a fresh id; type and data default to an event no feature knows. */
export function sampleEvent(type = 'SampleHappened', data: Record<string, unknown> = {}): NewEvent {
  return { id: randomUUID(), type, data, metadata: testMetadata() };
}

/** A stream name no other test uses. */
export function uniqueStream(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}

/**
 * An event as a reactor reads it back from the log, for its pure tests: recorded at `at` on
 * `stream`, the first of its stream, caused by user "ada" in request "req-1".
 */
export function recordedEvent(event: {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly stream: string;
  readonly at: Date;
}): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: {
      actorId: 'ada',
      correlationId: 'req-1',
      causationId: null,
      requestId: null,
      client: null,
      timestamp: event.at.toISOString(),
    },
    stream: event.stream,
    version: 0n,
    position: { commit: 1n, prepare: 1n },
    createdAt: event.at,
  };
}
