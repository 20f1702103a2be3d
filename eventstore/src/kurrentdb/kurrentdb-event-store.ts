import {
  BACKWARDS,
  END,
  KurrentDBClient,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
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
import { subscribeToAppends } from './append-subscription.ts';
import { actualStateOf, isClientWrongExpectedVersion, isStreamNotFound } from './errors.ts';
import { isSystemEvent, toEventData, toRecordedEvent } from './event-mapping.ts';
import { firstRevisionIfAccepted, toStreamState } from './expected-state.ts';
import { findStoredCopy } from './idempotency.ts';
import { fromClientPosition, isStrictlyAfter, toReadPosition } from './positions.ts';
import { KeyedSerialQueue } from './stream-locks.ts';

export interface KurrentDbEventStoreOptions {
  /**
   * For appends expecting "any" or "stream exists", how many of the stream's newest events are
   * searched for the append's ids (an id older than that is not recognised as a retry).
   */
  idempotencyWindow?: number;
  /** onAppended also wakes this often without a push (default 5 s). */
  safetyPollMs?: number;
}

/**
 * The event-store port on EventStoreDB/KurrentDB (`kurrentdb://host:2113?tls=false`).
 *
 * Idempotent ids — what is guaranteed and what is not:
 * - "no stream" / exact version: the adapter reads the revisions the append would occupy; if they
 *   already hold the same ids the append is a no-op. KurrentDB itself also treats the same ids at
 *   the same expected version as an idempotent success, so concurrent retries are safe too.
 * - "any" / "stream exists": the adapter searches the newest `idempotencyWindow` events of the
 *   stream, and serialises its own appends per stream, so retries from this process are no-ops.
 *   Retries racing from two processes rely on the server's duplicate check for "any", which
 *   KurrentDB documents as best effort (an in-memory cache of recent writes): after a server
 *   restart, or for an id older than the window, such a retry may be stored twice.
 * - A retry racing its original from two processes may report `appended: true` for both even
 *   though the server stored the events once.
 */
export class KurrentDbEventStore implements EventStore {
  readonly name = 'kurrentdb' as const;
  private readonly client: KurrentDBClient;
  private readonly appendQueue = new KeyedSerialQueue();
  private readonly subscriptions = new Set<Subscription>();
  private readonly idempotencyWindow: number;
  private readonly safetyPollMs: number;

  /** From a connection string, or a client the store then owns (closes with it). */
  constructor(connection: string | KurrentDBClient, options: KurrentDbEventStoreOptions = {}) {
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
    this.idempotencyWindow = options.idempotencyWindow ?? 200;
    this.safetyPollMs = options.safetyPollMs ?? 5_000;
  }

  append(stream: string, expected: ExpectedState, events: readonly NewEvent[]): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return this.appendQueue.run(stream, () => this.appendNow(stream, expected, events));
  }

  private async appendNow(stream: string, expected: ExpectedState, events: readonly NewEvent[]): Promise<AppendResult> {
    const copy = findStoredCopy(
      events.map((e) => e.id),
      await this.eventsThatCouldHold(stream, expected, events.length),
    );
    if (copy.kind === 'all') {
      return { nextVersion: copy.last.version, position: copy.last.position, appended: false };
    }
    if (copy.kind === 'some' && firstRevisionIfAccepted(expected) === undefined) {
      // With an exact expectation the server refuses this itself (wrong expected version).
      throw new Error(`append to ${stream}: some but not all event ids already exist (${copy.storedIds.join(', ')})`);
    }

    let written;
    try {
      written = await this.client.appendToStream(stream, events.map(toEventData), {
        streamState: toStreamState(expected),
      });
    } catch (error) {
      if (!isClientWrongExpectedVersion(error)) throw error;
      throw new WrongExpectedVersionError(
        stream,
        expected,
        actualStateOf(error) ?? (await this.currentVersion(stream)),
      );
    }
    // The position readers see for our last event (what X-Min-Position waits for); the append
    // reply's own position is kept only as a fallback.
    const last = await this.readOne(stream, written.nextExpectedRevision);
    const position = last?.position ?? (written.position ? fromClientPosition(written.position) : undefined);
    if (!position) throw new Error(`append to ${stream}: the server reported no position for the new events`);
    return { nextVersion: written.nextExpectedRevision, position, appended: true };
  }

  /** The stored events among which an earlier copy of this append would be. */
  private async eventsThatCouldHold(stream: string, expected: ExpectedState, count: number): Promise<RecordedEvent[]> {
    const first = firstRevisionIfAccepted(expected);
    if (first !== undefined) return this.readStreamSlice(stream, { fromRevision: first, maxCount: count });
    return this.readStreamSlice(stream, { fromRevision: END, direction: BACKWARDS, maxCount: this.idempotencyWindow });
  }

  private async currentVersion(stream: string): Promise<bigint | 'no_stream'> {
    const [last] = await this.readStreamSlice(stream, { fromRevision: END, direction: BACKWARDS, maxCount: 1 });
    return last ? last.version : 'no_stream';
  }

  private async readOne(stream: string, revision: bigint): Promise<RecordedEvent | undefined> {
    const [event] = await this.readStreamSlice(stream, { fromRevision: revision, maxCount: 1 });
    return event;
  }

  async readStream(stream: string, fromVersion = 0n): Promise<RecordedEvent[]> {
    return this.readStreamSlice(stream, { fromRevision: fromVersion < 0n ? 0n : fromVersion });
  }

  private async readStreamSlice(
    stream: string,
    options: Parameters<KurrentDBClient['readStream']>[1],
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, options)) {
        const event = toDomainEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    if (maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    // $all is read from `after` inclusively: ask for one more and drop the event at `after`.
    const reads = this.client.readAll({
      fromPosition: toReadPosition(after),
      maxCount: maxCount + 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reads) {
      const event = toDomainEvent(resolved);
      if (event && isStrictlyAfter(event.position, after)) events.push(event);
    }
    return events.slice(0, maxCount);
  }

  async headPosition(): Promise<Position> {
    const reads = this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reads) {
      const event = toDomainEvent(resolved);
      if (event) return event.position;
    }
    return START;
  }

  async onAppended(onWake: () => void): Promise<Subscription> {
    const subscription = await subscribeToAppends(this.client, onWake, {
      safetyPollMs: this.safetyPollMs,
      resubscribeDelayMs: 500,
      confirmTimeoutMs: 5_000,
    });
    this.subscriptions.add(subscription);
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}

/** The domain event in a read result; undefined for system events and unresolved links. */
function toDomainEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const record = resolved.event;
  if (!record || isSystemEvent(record)) return undefined;
  return toRecordedEvent(record);
}
