import { randomUUID } from 'node:crypto';
import type { EventMetadata, Position } from '@myworld/schemas';
import { WrongExpectedVersionError, expect as expected, type EventStore, type NewEvent, type RecordedEvent } from '@myworld/eventstore';
import { fold, type Decider, type DomainEvent } from './decider.ts';
import { ConcurrencyConflictError } from './domain-error.ts';
import { idempotentEventId } from './deterministic-id.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface CommandContext {
  readonly metadata: EventMetadata;
  /** With a key, a retried command finds its own events and appends nothing new. */
  readonly idempotencyKey?: string | null;
  /** Names who may replay a key (the actor), so two users' keys never collide. */
  readonly idempotencyScope?: string;
}

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
 * wrote, so its records are taken as that decider's events here, in this one place.
 */
export async function loadAggregate<State, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; history: RecordedEvent[] }> {
  const history = await store.readStream(stream);
  return { state: fold(decider, history as unknown as Event[]), history };
}

/**
 * Load -> decide -> append with the expected version. A concurrent writer makes the append
 * fail; the whole cycle is retried a bounded number of times before answering 409.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
): Promise<CommandResult<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const { state, history } = await loadAggregate(store, stream, decider);
    const lastVersion = history.length > 0 ? history[history.length - 1]!.version : -1n;

    const earlier = context.idempotencyKey ? findEarlierRun(history, context, stream) : undefined;
    if (earlier) return { events: earlier.map(asDomainEvent<Event>), position: earlier.at(-1)!.position, state, appended: false };

    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null, state, appended: false };

    const toAppend: NewEvent[] = events.map((e, i) => ({
      id: context.idempotencyKey ? idempotentEventId(context.idempotencyScope ?? '', context.idempotencyKey, stream, i) : randomUUID(),
      type: e.type,
      data: e.data,
      metadata: context.metadata,
    }));
    try {
      const result = await store.append(stream, expected.fromLoaded(lastVersion), toAppend);
      return { events, position: result.position, state: events.reduce(decider.evolve, state), appended: result.appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxAttempts) throw new ConcurrencyConflictError(stream, attempt);
    }
  }
}

function findEarlierRun(history: readonly RecordedEvent[], context: CommandContext, stream: string): RecordedEvent[] | undefined {
  const firstId = idempotentEventId(context.idempotencyScope ?? '', context.idempotencyKey!, stream, 0);
  const start = history.findIndex((e) => e.id === firstId);
  if (start < 0) return undefined;
  const run = [history[start]!];
  for (let i = 1; start + i < history.length; i++) {
    const id = idempotentEventId(context.idempotencyScope ?? '', context.idempotencyKey!, stream, i);
    if (history[start + i]!.id !== id) break;
    run.push(history[start + i]!);
  }
  return run;
}

function asDomainEvent<Event extends DomainEvent>(e: RecordedEvent): Event {
  return { type: e.type, data: e.data } as unknown as Event;
}
