import type { Kysely, QueryCreator, RawBuilder, Transaction } from 'kysely';
import type { EventData, EventType } from '@myworld/schemas';
import type { RecordedEvent } from '@myworld/eventstore';

/** What a handler gets: queries scoped to this projection generation's schema, inside the batch transaction. */
export interface ProjectionContext<DB> {
  /** Queries against this generation's tables (`db.selectFrom('users')` hits `<schema>.users`). */
  readonly db: QueryCreator<DB>;
  /** The enclosing transaction, for raw SQL (`sql\`...\``) which must name `schema` itself. */
  readonly tx: Transaction<DB>;
  readonly schema: string;
}

/** An event read from the log whose payload was parsed with the schema of its type. */
export type TypedRecordedEvent<T extends EventType> = RecordedEvent<T, EventData<T>>;

export type ProjectionHandler<DB, E = RecordedEvent> = (ctx: ProjectionContext<DB>, event: E) => Promise<void>;

/** An event of any one of the types T, parsed, so that narrowing by `type` narrows `data`. */
export type TypedRecordedEventOf<T extends EventType> = { [K in T]: TypedRecordedEvent<K> }[T];

/**
 * The one implementation of `types` in a read model, set-based: `apply` gets a run of consecutive
 * events of those types, parsed, and applies it in a few statements, leaving what applying them
 * one at a time in the run's order would. A single event is a run of one, and a run that failed is
 * retried one event at a time (runs of one, to name the failing event): no per-event handler
 * repeats the rules, so a type a run handler takes has no handler in `handlers`.
 */
export interface RunHandler<DB, T extends EventType = EventType> {
  readonly types: readonly T[];
  // A method, so that a handler of some types fits a list of handlers of any types.
  apply(ctx: ProjectionContext<DB>, events: readonly TypedRecordedEventOf<T>[]): Promise<void>;
}

/**
 * Handlers keyed by event type: each gets its event parsed and typed by that type's schema, so a
 * misspelled type or a field the event does not have fails to compile. The key '*' receives every
 * event with no handler of its own, unparsed (its type may be one this code does not know).
 */
export type ProjectionHandlers<DB> = {
  readonly [T in EventType]?: ProjectionHandler<DB, TypedRecordedEvent<T>>;
} & {
  readonly '*'?: ProjectionHandler<DB, RecordedEvent>;
};

/**
 * A read model built from the log. Bump `version` whenever `migrate` or a handler changes what
 * the tables hold: the runner then rebuilds a new generation from position 0 while the old one
 * keeps serving, and switches over once the new one has caught up.
 */
export interface Projection<DB = any> {
  readonly name: string;
  readonly version: number;
  /** Creates the tables in `schema` (an empty schema owned by this generation). */
  readonly migrate: (db: Kysely<DB>, schema: string) => Promise<void>;
  readonly handlers: ProjectionHandlers<DB>;
  /**
   * Optional set-based path for projections that see most events (e.g. the audit timeline): the
   * data-modifying statements for a whole batch, and its only path: a single event is a batch of
   * one, and the projection has no `handlers`. The runner runs them and the checkpoint move as ONE statement (data-modifying CTEs), so the
   * write transaction, which holds back every reader of the log while open, lasts one round trip.
   */
  readonly batchStatements?: ((schema: string, events: readonly RecordedEvent[]) => RawBuilder<unknown>[]) | undefined;
  /**
   * Optional set-based paths for runs of consecutive events (see RunHandler), for projections
   * without `batchStatements`: a few statements per run instead of one or more per event. A type
   * belongs to one run handler at most, and then has no handler in `handlers`.
   */
  readonly runHandlers?: readonly RunHandler<DB>[] | undefined;
}

export function defineProjection<DB>(projection: Projection<DB>): Projection<DB> {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(projection.name))
    throw new Error(`projection name ${projection.name} must be snake_case`);
  checkRunHandlers(projection);
  return projection;
}

function checkRunHandlers<DB>(projection: Projection<DB>): void {
  const runHandlers = projection.runHandlers ?? [];
  if (runHandlers.length > 0 && projection.batchStatements)
    throw new Error(`projection ${projection.name} has both batchStatements and runHandlers`);
  if (projection.batchStatements && Object.keys(projection.handlers).length > 0)
    throw new Error(`projection ${projection.name} has both batchStatements and handlers`);
  const seen = new Set<string>();
  for (const type of runHandlers.flatMap((r) => r.types)) {
    if (seen.has(type)) throw new Error(`projection ${projection.name} has two run handlers for ${type}`);
    // One implementation per type: a single event is a run of one.
    if (ownHandler(projection, type))
      throw new Error(`projection ${projection.name} runs ${type} and also has a handler of its own for it`);
    seen.add(type);
  }
}

/** The run handler that takes events of `type`, if any. */
export function runHandlerOf<DB>(projection: Projection<DB>, type: string): RunHandler<DB> | undefined {
  return projection.runHandlers?.find((run) => (run.types as readonly string[]).includes(type));
}

/** The handler registered for exactly this event type (not '*'), if any. */
export function ownHandler<DB>(
  projection: Projection<DB>,
  type: string,
): ProjectionHandler<DB, TypedRecordedEvent<EventType>> | undefined {
  if (type === '*' || !Object.hasOwn(projection.handlers, type)) return undefined;
  return (projection.handlers as Record<string, ProjectionHandler<DB, TypedRecordedEvent<EventType>> | undefined>)[
    type
  ];
}

/** One handler per event type from several parts of a read model (a type handled twice is a programming error). */
export function mergeHandlers<DB>(...parts: ProjectionHandlers<DB>[]): ProjectionHandlers<DB> {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [type, handler] of Object.entries(part)) {
      if (type in merged) throw new Error(`two handlers for ${type}`);
      merged[type] = handler;
    }
  }
  return merged as ProjectionHandlers<DB>;
}
