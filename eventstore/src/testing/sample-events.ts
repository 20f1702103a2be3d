import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@myworld/schemas';
import type { NewEvent } from '../port.ts';

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
