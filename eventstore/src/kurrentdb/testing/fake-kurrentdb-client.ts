import { EventEmitter } from 'node:events';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendResult,
  type AppendStreamState,
  type EventData,
  type KurrentDBClient,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
} from '@kurrent/kurrentdb-client';

interface FakeRecord {
  streamId: string;
  id: string;
  type: string;
  revision: bigint;
  created: Date;
  data: unknown;
  metadata: unknown;
  isJson: true;
  position: Position;
}

/**
 * An in-memory stand-in for the parts of KurrentDBClient the adapter calls, modelled on the
 * server's documented behaviour (no server can run here). It is a test of the adapter's own
 * logic, not of KurrentDB: inclusive $all reads, events of one append sharing a commit position,
 * system events interleaved in $all, the same ids at the same expected revision being an
 * idempotent success, StreamNotFoundError raised while iterating a missing stream, and
 * the append reply carrying the position of the append's first event.
 */
export class FakeKurrentDbClient {
  private readonly log: FakeRecord[] = [];
  private readonly streams = new Map<string, FakeRecord[]>();
  private readonly subscribers = new Set<FakeSubscription>();
  private nextOffset = 1_000n;
  disposed = false;

  asClient(): KurrentDBClient {
    return this as unknown as KurrentDBClient;
  }

  async appendToStream(
    streamName: string,
    events: EventData | EventData[],
    options: { streamState?: AppendStreamState } = {},
  ): Promise<AppendResult> {
    await pause();
    const batch = Array.isArray(events) ? events : [events];
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
    const state = options.streamState ?? 'any';
    const first = state === 'no_stream' ? 0n : typeof state === 'bigint' ? state + 1n : undefined;
    if (first !== undefined) {
      const slot = stream.slice(Number(first), Number(first) + batch.length);
      if (slot.length === batch.length && slot.every((e, i) => e.id === batch[i]!.id)) {
        return { success: true, nextExpectedRevision: slot[slot.length - 1]!.revision, position: slot[0]!.position };
      }
    }
    const accepted =
      state === 'any' ||
      (state === 'stream_exists'
        ? current !== 'no_stream'
        : state === 'no_stream'
          ? current === 'no_stream'
          : current === state);
    if (!accepted) throw new WrongExpectedVersionError(undefined, { streamName, expected: state, current });

    this.writeSystemEvent(); // the server's own bookkeeping lands in $all between domain events
    const commit = this.nextOffset;
    const written = batch.map((e, i): FakeRecord => ({
      streamId: streamName,
      id: e.id,
      type: e.type,
      revision: BigInt(stream.length + i),
      created: new Date(),
      data: JSON.parse(JSON.stringify(e.data)),
      metadata: e.metadata === undefined ? undefined : JSON.parse(JSON.stringify(e.metadata)),
      isJson: true,
      position: { commit, prepare: this.take() },
    }));
    stream.push(...written);
    this.streams.set(streamName, stream);
    this.log.push(...written);
    for (const s of this.subscribers) s.deliver(written);
    return {
      success: true,
      nextExpectedRevision: written[written.length - 1]!.revision,
      position: { commit, prepare: commit },
    };
  }

  readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterableIterator<{ event: FakeRecord }> {
    const streams = this.streams;
    return (async function* () {
      await pause();
      const stream = streams.get(streamName);
      if (!stream) throw new StreamNotFoundError(undefined, streamName);
      const backwards = options.direction === 'backwards';
      const from = options.fromRevision ?? (backwards ? 'end' : 'start');
      let events = backwards ? [...stream].reverse() : [...stream];
      if (typeof from === 'bigint')
        events = events.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
      for (const event of events.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) yield { event };
    })();
  }

  readAll(options: ReadAllOptions = {}): AsyncIterableIterator<{ event: FakeRecord }> {
    const log = this.log;
    return (async function* () {
      await pause();
      const backwards = options.direction === 'backwards';
      const from = options.fromPosition ?? (backwards ? 'end' : 'start');
      const regex = options.filter && 'regex' in options.filter ? new RegExp(options.filter.regex) : undefined;
      let events = backwards ? [...log].reverse() : [...log];
      if (typeof from === 'object')
        events = events.filter((e) => (backwards ? compare(e.position, from) <= 0 : compare(e.position, from) >= 0));
      if (regex) events = events.filter((e) => regex.test(e.type));
      for (const event of events.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) yield { event };
    })();
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): FakeSubscription {
    if (options.fromPosition !== 'end') throw new Error('the fake only subscribes from the end');
    const regex = options.filter && 'regex' in options.filter ? new RegExp(options.filter.regex) : undefined;
    const subscription = new FakeSubscription(regex, () => this.subscribers.delete(subscription));
    this.subscribers.add(subscription);
    setImmediate(() => subscription.emit('confirmation'));
    return subscription;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private writeSystemEvent(): void {
    const record: FakeRecord = {
      streamId: '$$$stats',
      id: crypto.randomUUID(),
      type: '$metadata',
      revision: 0n,
      created: new Date(),
      data: {},
      metadata: undefined,
      isJson: true,
      position: { commit: this.nextOffset, prepare: this.nextOffset },
    };
    this.take();
    this.log.push(record);
  }

  private take(): bigint {
    const offset = this.nextOffset;
    this.nextOffset += 137n; // record sizes vary; positions are byte offsets, not counters
    return offset;
  }
}

export class FakeSubscription extends EventEmitter {
  constructor(
    private readonly regex: RegExp | undefined,
    private readonly onUnsubscribe: () => void,
  ) {
    super();
  }

  deliver(records: FakeRecord[]): void {
    for (const event of records)
      if (!this.regex || this.regex.test(event.type)) setImmediate(() => this.emit('data', { event }));
  }

  async unsubscribe(): Promise<void> {
    this.onUnsubscribe();
  }
}

function compare(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  return a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;
}

/** Every call crosses the network in real life: let other appenders interleave. */
function pause(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
