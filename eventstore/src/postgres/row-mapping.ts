import type { EventMetadata } from '@myworld/schemas';
import type { RecordedEvent } from '../port.ts';

export interface EventRow {
  global_position: string;
  tx_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** Milliseconds since the epoch: parsing timestamptz text is the costliest part of a read. */
  created_ms: number;
}

export const EVENT_COLUMNS =
  'global_position, tx_id, stream_id, stream_version, event_id, type, data, metadata, (extract(epoch from created_at) * 1000)::float8 as created_ms';

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    stream: row.stream_id,
    version: BigInt(row.stream_version),
    position: { commit: BigInt(row.tx_id), prepare: BigInt(row.global_position) },
    createdAt: new Date(row.created_ms),
  };
}
