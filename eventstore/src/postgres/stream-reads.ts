import type pg from 'pg';
import type { RecordedEvent } from '../port.ts';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './row-mapping.ts';

interface Waiting {
  resolve(events: RecordedEvent[]): void;
  reject(error: unknown): void;
}

/**
 * Reads of whole streams asked for in one turn of the event loop, sent to PostgreSQL as one
 * statement: a command reads the stream it writes and, beside it, the stream its decision needs (a
 * like reads the like's stream and the post's), so that is one round trip, not two. Both
 * statements are prepared (named): every command reads its streams.
 */
export class StreamReads {
  private pending = new Map<string, Waiting[]>();

  constructor(private readonly pool: pg.Pool) {}

  read(stream: string): Promise<RecordedEvent[]> {
    return new Promise((resolve, reject) => {
      // Flushed once the synchronous code and the promise jobs of this turn have asked for theirs.
      if (this.pending.size === 0) process.nextTick(() => void this.flush());
      const waiting = this.pending.get(stream);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(stream, [{ resolve, reject }]);
    });
  }

  /** Events of `stream` from `fromVersion` on, alone (a read that does not start at the beginning). */
  async from(stream: string, fromVersion: bigint): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>({
      name: 'myworld_read_stream',
      text: `select ${EVENT_COLUMNS} from events where stream_id = $1 and stream_version >= $2 order by stream_version`,
      values: [stream, fromVersion.toString()],
    });
    return r.rows.map(toRecordedEvent);
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const streams = [...batch.keys()];
    try {
      const byStream = new Map<string, RecordedEvent[]>(streams.map((s) => [s, []]));
      if (streams.length === 1) byStream.set(streams[0]!, await this.from(streams[0]!, 0n));
      else {
        const r = await this.pool.query<EventRow>({
          name: 'myworld_read_streams',
          text: `select ${EVENT_COLUMNS} from events where stream_id = any($1::text[]) order by stream_id, stream_version`,
          values: [streams],
        });
        for (const row of r.rows) byStream.get(row.stream_id)!.push(toRecordedEvent(row));
      }
      // Each caller gets an array of its own.
      for (const [stream, waiting] of batch) for (const w of waiting) w.resolve([...byStream.get(stream)!]);
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  }
}
