import pg from 'pg';
import { START, type Position } from '@myworld/schemas';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedState,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type Subscription,
} from '../port.ts';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './row-mapping.ts';
import { EVENTS_SCHEMA_SQL } from './schema.ts';
import { AppendListener } from './append-listener.ts';
import { StreamReads } from './stream-reads.ts';
import { migrateUnderLock } from './migrate-under-lock.ts';
import { survivesConnectionLoss, type ConnectionErrorHandler } from './connection-loss.ts';

const UNIQUE_VIOLATION = '23505';
/** A writer racing us on the same stream with expected state "any" is retried this often. */
const MAX_ANY_RETRIES = 20;

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** Connections for appends and reads (default 10). */
  poolSize?: number;
  /** Told of each connection the server ends (the pool and the LISTEN connection replace theirs). Default: nothing. */
  onConnectionError?: ConnectionErrorHandler;
}

interface AppendRow {
  outcome: 'appended' | 'wrong_version';
  current_version: string | null;
  last_tx: string | null;
  last_position: string | null;
}

export class PostgresEventStore implements EventStore {
  readonly name = 'postgres' as const;
  readonly pool: pg.Pool;
  private notifyScheduled = false;
  private readonly listener: AppendListener;
  private readonly streamReads: StreamReads;

  constructor(options: PostgresEventStoreOptions) {
    this.pool = survivesConnectionLoss(
      new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 10 }),
      options.onConnectionError,
    );
    this.listener = new AppendListener(options.connectionString, this.pool, options.onConnectionError);
    this.streamReads = new StreamReads(this.pool);
  }

  /** Creates the events table, its indexes and the append function (idempotent). */
  async migrate(): Promise<void> {
    await migrateUnderLock(this.pool, 'myworld_events_schema', EVENTS_SCHEMA_SQL);
  }

  async append(stream: string, expected: ExpectedState, events: readonly NewEvent[]): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.appendOnce(stream, expected, events);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (error.constraint === 'events_event_id_key') return this.alreadyStored(stream, events);
        // Another writer took the stream version we computed.
        if (expected.kind !== 'any')
          throw new WrongExpectedVersionError(stream, expected, await this.currentVersion(stream));
        if (attempt >= MAX_ANY_RETRIES) throw error;
      }
    }
  }

  /** An event id was stored before: a retry of the same append is a no-op answering as the first did. */
  private async alreadyStored(stream: string, events: readonly NewEvent[]): Promise<AppendResult> {
    const stored = await this.findStored(stream, events);
    if (!stored) throw new Error(`append to ${stream}: an event id is already used by another append`);
    return stored;
  }

  /** The first append's result when every event id is already stored; undefined when none is. */
  private async findStored(stream: string, events: readonly NewEvent[]): Promise<AppendResult | undefined> {
    const ids = events.map((e) => e.id);
    const r = await this.pool.query<{
      event_id: string;
      stream_version: string;
      tx_id: string;
      global_position: string;
    }>('select event_id, stream_version, tx_id::text, global_position from events where event_id = any($1::uuid[])', [
      ids,
    ]);
    if (r.rows.length === 0) return undefined;
    const last = r.rows.find((row) => row.event_id === ids[ids.length - 1]);
    if (r.rows.length !== ids.length || !last)
      throw new Error(`append to ${stream}: some but not all event ids already exist`);
    return {
      nextVersion: BigInt(last.stream_version),
      position: { commit: BigInt(last.tx_id), prepare: BigInt(last.global_position) },
      appended: false,
    };
  }

  private async appendOnce(
    stream: string,
    expected: ExpectedState,
    events: readonly NewEvent[],
  ): Promise<AppendResult> {
    const result = await this.pool.query<AppendRow>({
      name: 'myworld_append_events',
      text: 'select * from myworld_append_events($1, $2, $3, $4::jsonb)',
      values: [
        stream,
        expected.kind,
        expected.kind === 'exact' ? expected.version.toString() : null,
        JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data ?? null, metadata: e.metadata }))),
      ],
    });
    const row = result.rows[0];
    if (!row) throw new Error('append returned no row');
    switch (row.outcome) {
      case 'appended':
        this.notifySubscribers();
        return {
          nextVersion: BigInt(row.current_version!),
          position: { commit: BigInt(row.last_tx!), prepare: BigInt(row.last_position!) },
          appended: true,
        };
      case 'wrong_version':
        // A retry of an append that already succeeded no longer matches its expected version.
        return (await this.findStored(stream, events)) ?? this.throwWrongVersion(stream, expected, row);
    }
  }

  private throwWrongVersion(stream: string, expected: ExpectedState, row: AppendRow): never {
    throw new WrongExpectedVersionError(
      stream,
      expected,
      row.current_version === null ? 'no_stream' : BigInt(row.current_version),
    );
  }

  /**
   * Wakes subscribers (in every process) after commit. Appends finishing in the same turn of the
   * event loop share one notice. If this process dies before sending it, subscribers still find
   * the events on their next safety poll. Public for writers that insert events without `append`
   * (a bench loading history), so their events wake subscribers as appended ones do.
   */
  notifySubscribers(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      this.pool.query("select pg_notify('myworld_events', '')").catch(() => undefined);
    });
  }

  private async currentVersion(stream: string): Promise<bigint | 'no_stream'> {
    const r = await this.pool.query<{ v: string | null }>(
      'select max(stream_version) as v from events where stream_id = $1',
      [stream],
    );
    const v = r.rows[0]?.v;
    return v === null || v === undefined ? 'no_stream' : BigInt(v);
  }

  async readStream(stream: string, fromVersion = 0n): Promise<RecordedEvent[]> {
    return fromVersion === 0n ? this.streamReads.read(stream) : this.streamReads.from(stream, fromVersion);
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>({
      name: 'myworld_read_all',
      text: `select ${EVENT_COLUMNS} from events
              where (tx_id, global_position) > ($1::xid8, $2::bigint)
                and tx_id < pg_snapshot_xmin(pg_current_snapshot())
              order by tx_id, global_position
              limit $3`,
      values: [after.commit.toString(), after.prepare.toString(), maxCount],
    });
    return r.rows.map(toRecordedEvent);
  }

  async headPosition(): Promise<Position> {
    const r = await this.pool.query<{ tx_id: string; global_position: string }>(
      `select tx_id, global_position from events
        where tx_id < pg_snapshot_xmin(pg_current_snapshot())
        order by tx_id desc, global_position desc limit 1`,
    );
    const row = r.rows[0];
    return row ? { commit: BigInt(row.tx_id), prepare: BigInt(row.global_position) } : START;
  }

  onAppended(onWake: () => void): Promise<Subscription> {
    return this.listener.subscribe(onWake);
  }

  async close(): Promise<void> {
    await this.listener.close();
    await this.pool.end();
  }
}

function isUniqueViolation(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION;
}
