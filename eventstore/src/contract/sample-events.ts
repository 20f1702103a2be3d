import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@myworld/schemas';
import type { NewEvent } from '../port.ts';

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

export function sampleEvent(type = 'SampleHappened', data: Record<string, unknown> = {}): NewEvent {
  return { id: randomUUID(), type, data, metadata: testMetadata() };
}

export function uniqueStream(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}
