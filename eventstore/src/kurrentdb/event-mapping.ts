import type { JSONEventData, JSONType, Position as ClientPosition } from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@myworld/schemas';
import type { NewEvent, RecordedEvent } from '../port.ts';
import { fromClientPosition } from './positions.ts';

/** The fields of the client's RecordedEvent the adapter reads (stream and $all reads alike). */
export interface StoredRecord {
  readonly streamId: string;
  readonly id: string;
  readonly type: string;
  readonly revision: bigint;
  readonly created: Date;
  readonly data: unknown;
  readonly metadata: unknown;
  /** Present on $all reads, and on stream reads from servers newer than 22.6. */
  readonly position?: ClientPosition;
}

/** Every event the platform writes is JSON: data and metadata stay readable in the server's UI. */
export function toEventData(event: NewEvent): JSONEventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    // JSON.stringify(undefined) yields nothing, which the client cannot encode.
    data: (event.data ?? null) as JSONType,
    metadata: event.metadata,
  };
}

export function toRecordedEvent(record: StoredRecord): RecordedEvent {
  if (!record.position) {
    throw new Error(
      `event ${record.id} in ${record.streamId} came without a log position: the server is older than 22.6; use KurrentDB 23.10 or newer`,
    );
  }
  return {
    id: record.id,
    type: record.type,
    data: record.data,
    metadata: looksLikeMetadata(record.metadata) ? record.metadata : metadataForForeignEvent(record),
    stream: record.streamId,
    version: record.revision,
    position: fromClientPosition(record.position),
    createdAt: record.created,
  };
}

/**
 * System events ($metadata, $>, $settings, ...) and system streams are the server's own
 * bookkeeping, never domain facts; readers skip them.
 */
export function isSystemEvent(record: Pick<StoredRecord, 'streamId' | 'type'>): boolean {
  return record.streamId.startsWith('$') || record.type.startsWith('$');
}

// A cheap shape check instead of a zod parse: replays read tens of thousands of events a second.
function looksLikeMetadata(value: unknown): value is EventMetadata {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return typeof m.correlationId === 'string' && typeof m.timestamp === 'string';
}

/**
 * An event written by another tool (no or foreign metadata) must not stall a projection, so it
 * gets neutral metadata: nobody as actor, its own id as correlation, its store time as timestamp.
 */
function metadataForForeignEvent(record: StoredRecord): EventMetadata {
  return {
    actorId: null,
    correlationId: record.id,
    causationId: null,
    requestId: null,
    client: null,
    timestamp: record.created.toISOString(),
  };
}
