import { randomUUID } from 'node:crypto';
import type { EventMetadata, Position } from '@myworld/schemas';
import {
  WrongExpectedVersionError,
  expect as expected,
  type EventStore,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from '@myworld/eventstore';
import { fold, type Decider, type DomainEvent } from './decider.ts';
import { ConcurrencyConflictError, IdempotencyKeyReusedError } from './domain-error.ts';
import { idempotentEventId } from './deterministic-id.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface CommandContext {
  readonly metadata: EventMetadata;
  /** With a key, a retried command finds its own events and appends nothing new. */
  readonly idempotencyKey?: string | null;
  /** Names who may replay a key (the actor), so two users' keys never collide. */
  readonly idempotencyScope?: string;
  /**
   * The request the key is bound to (request-fingerprint.ts), stored in the run's metadata. The
   * same key with another fingerprint is refused with 422. Null or absent: not checked.
   */
  readonly requestFingerprint?: string | null;
}

/** A command, or a function building it from the freshly loaded stream (called again on every attempt). */
export type CommandInput<State, Command> =
  Command | ((loaded: { state: State; history: RecordedEvent[] }) => Command | Promise<Command>);

export interface CommandResult<State, Event extends DomainEvent> {
  /** The events this command produced (or, on an idempotent retry, the ones it produced before). */
  readonly events: readonly Event[];
  /** Global position of the last event, for X-Min-Position reads; null when nothing was appended. */
  readonly position: Position | null;
  readonly state: State;
  /** False on an idempotent retry or when the decision produced no events. */
  readonly appended: boolean;
}

/**
 * Reads a stream and folds it into the aggregate's state. The log stores events its own deciders
 * wrote, plus other features' events on the same stream (moderation's), which the evolve passes
 * over; its records are taken as that decider's events here, in this one place. `options`: a
 * read for a decision that needs no personal field may skip opening them (ReadStreamOptions).
 */
export async function loadAggregate<State, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  options?: ReadStreamOptions,
): Promise<{ state: State; history: RecordedEvent[] }> {
  const history = await store.readStream(stream, undefined, options);
  return { state: fold(decider, history as unknown as Event[]), history };
}

/**
 * Load -> decide -> append with the expected version. A concurrent writer makes the append
 * fail; the whole cycle is retried a bounded number of times before answering 409.
 *
 * With an Idempotency-Key the event ids derive from the key, so a retry appends nothing. A retry
 * is answered from what was stored, never from its own decision: when the key's events are found
 * in the stream, or the store reports them already stored (a concurrent twin won), the stream is
 * reloaded and the stored run and the state folded from the stored stream are returned, after
 * checking that the stored run was made by the same request (fingerprint).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: CommandInput<State, Command>,
  context: CommandContext,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
): Promise<CommandResult<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadAggregate(store, stream, decider);
    const { state, history } = loaded;
    const lastVersion = history.length > 0 ? history[history.length - 1]!.version : -1n;

    const earlier = findIdempotentRun(history, context, stream);
    if (earlier) return replayed<State, Event>(earlier, state, context);

    const decided = decider.decide(
      typeof command === 'function'
        ? await (command as (l: typeof loaded) => Command | Promise<Command>)(loaded)
        : command,
      state,
    );
    if (decided.length === 0) return { events: decided, position: null, state, appended: false };

    const metadata = context.idempotencyKey
      ? {
          ...context.metadata,
          idempotencyKey: context.idempotencyKey,
          requestFingerprint: context.requestFingerprint ?? null,
        }
      : context.metadata;
    const toAppend: NewEvent[] = decided.map((e, i) => ({
      id: context.idempotencyKey
        ? idempotentEventId(context.idempotencyScope ?? '', context.idempotencyKey, stream, i)
        : randomUUID(),
      type: e.type,
      data: e.data,
      metadata,
    }));
    try {
      const result = await store.append(stream, expected.fromLoaded(lastVersion), toAppend);
      if (result.appended)
        return {
          events: decided,
          position: result.position,
          state: decided.reduce(decider.evolve, state),
          appended: true,
        };
      // Already stored: answer with the stored run, not with this attempt's decision.
      const replay = await replayIfStored(store, stream, decider, context);
      if (!replay)
        throw new Error(`${stream}: the store reported the events as stored, but the stream does not hold them`);
      return replay;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxAttempts) throw new ConcurrencyConflictError(stream, attempt);
    }
  }
}

/**
 * The stored answer to a command run under `context`'s Idempotency-Key, or null when the key has
 * no events in `stream`. Throws IdempotencyKeyReusedError when they were made by another request.
 */
export async function replayIfStored<State, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  context: CommandContext,
): Promise<CommandResult<State, Event> | null> {
  if (!context.idempotencyKey) return null;
  return (await loadForCommand(store, stream, decider, context)).stored;
}

/**
 * One read of `stream` for a command that checks things before it decides (a password, say): the
 * state now, and the stored answer when the Idempotency-Key already ran there (as replayIfStored).
 */
export async function loadForCommand<State, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  context: CommandContext,
): Promise<{ state: State; stored: CommandResult<State, Event> | null }> {
  const { state, history } = await loadAggregate(store, stream, decider);
  const run = findIdempotentRun(history, context, stream);
  return { state, stored: run ? replayed<State, Event>(run, state, context) : null };
}

/** Whether a recorded event was made by another request than `fingerprint` (unknown on either side: no). */
export function madeByOtherRequest(
  recorded: Pick<RecordedEvent, 'metadata'>,
  fingerprint: string | null | undefined,
): boolean {
  const stored = recorded.metadata.requestFingerprint;
  return Boolean(stored && fingerprint && stored !== fingerprint);
}

function replayed<State, Event extends DomainEvent>(
  run: readonly RecordedEvent[],
  state: State,
  context: CommandContext,
): CommandResult<State, Event> {
  if (madeByOtherRequest(run[0]!, context.requestFingerprint)) throw new IdempotencyKeyReusedError();
  return { events: run.map(asDomainEvent<Event>), position: run.at(-1)!.position, state, appended: false };
}

function findIdempotentRun(
  history: readonly RecordedEvent[],
  context: CommandContext,
  stream: string,
): RecordedEvent[] | undefined {
  if (!context.idempotencyKey) return undefined;
  const firstId = idempotentEventId(context.idempotencyScope ?? '', context.idempotencyKey, stream, 0);
  const start = history.findIndex((e) => e.id === firstId);
  if (start < 0) return undefined;
  const run = [history[start]!];
  for (let i = 1; start + i < history.length; i++) {
    const id = idempotentEventId(context.idempotencyScope ?? '', context.idempotencyKey, stream, i);
    if (history[start + i]!.id !== id) break;
    run.push(history[start + i]!);
  }
  return run;
}

function asDomainEvent<Event extends DomainEvent>(e: RecordedEvent): Event {
  return { type: e.type, data: e.data } as unknown as Event;
}
