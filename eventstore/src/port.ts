import type { EventMetadata, Position } from '@myworld/schemas';

/** What a caller hands to append: the store assigns version, position and time. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly id: string; // UUID; appending an id the stream already holds is a no-op
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly stream: string;
  /** 0-based revision of the event inside its stream. */
  readonly version: bigint;
  readonly position: Position;
  readonly createdAt: Date;
}

/** Expected state of a stream for an optimistic append. */
export type ExpectedState =
  | { readonly kind: 'any' }
  | { readonly kind: 'no_stream' }
  | { readonly kind: 'stream_exists' }
  | { readonly kind: 'exact'; readonly version: bigint };

export const expect = {
  any: { kind: 'any' } as ExpectedState,
  noStream: { kind: 'no_stream' } as ExpectedState,
  streamExists: { kind: 'stream_exists' } as ExpectedState,
  version: (version: bigint): ExpectedState => ({ kind: 'exact', version }),
  /** -1n (nothing read) means "no stream", anything else an exact version. */
  fromLoaded: (lastVersion: bigint): ExpectedState =>
    lastVersion < 0n ? { kind: 'no_stream' } : { kind: 'exact', version: lastVersion },
};

export interface AppendResult {
  /** Version of the last event in the stream after the append. */
  readonly nextVersion: bigint;
  /** Global position of the last appended event (or of the existing one on an idempotent retry). */
  readonly position: Position;
  /** False when every event id was already stored: nothing new was written. */
  readonly appended: boolean;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedState,
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `stream ${stream}: expected ${describeExpected(expected)}, actual ${actual === 'no_stream' ? 'no stream' : `version ${actual}`}`,
    );
    this.name = 'WrongExpectedVersionError';
  }
}

export function describeExpected(e: ExpectedState): string {
  return e.kind === 'exact' ? `version ${e.version}` : e.kind.replace('_', ' ');
}

export interface ReadStreamOptions {
  /**
   * 'redacted': the reader uses no personal field (a decider that needs only ids and states, like
   * the post a like is about), so every personal field reads as its redaction and no subject's key
   * is looked up. Default 'open'. Stores without crypto-shredding read as they hold.
   */
  readonly personalData?: 'open' | 'redacted';
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  readonly after: Position;
  readonly maxCount: number;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface EventStore {
  readonly name: 'postgres' | 'kurrentdb';
  append(stream: string, expected: ExpectedState, events: readonly NewEvent[]): Promise<AppendResult>;
  /** Whole stream in version order; empty when the stream does not exist. */
  readStream(stream: string, fromVersion?: bigint, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** One batch of the global log, strictly after `after`, in global order. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest event visible to readers (START when the log is empty). */
  headPosition(): Promise<Position>;
  /** Calls `onWake` whenever new events may be readable (push, with a slow safety poll). */
  onAppended(onWake: () => void): Promise<Subscription>;
  close(): Promise<void>;
}
