import type { Kysely, QueryCreator, RawBuilder, Transaction } from 'kysely';
import type { RecordedEvent } from '@myworld/eventstore';

/** What a handler gets: queries scoped to this projection generation's schema, inside the batch transaction. */
export interface ProjectionContext<DB> {
  /** Queries against this generation's tables (`db.selectFrom('users')` hits `<schema>.users`). */
  readonly db: QueryCreator<DB>;
  /** The enclosing transaction, for raw SQL (`sql\`...\``) which must name `schema` itself. */
  readonly tx: Transaction<DB>;
  readonly schema: string;
}

export type ProjectionHandler<DB> = (ctx: ProjectionContext<DB>, event: RecordedEvent) => Promise<void>;

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
  /** By event type; the key '*' receives every event that has no handler of its own. */
  readonly handlers: Readonly<Record<string, ProjectionHandler<DB>>>;
  /**
   * Optional set-based path for projections that see most events (e.g. the audit timeline): the
   * data-modifying statements for a whole batch, used instead of `handlers` with the same result.
   * The runner runs them and the checkpoint move as ONE statement (data-modifying CTEs), so the
   * write transaction, which holds back every reader of the log while open, lasts one round trip.
   */
  readonly batchStatements?: (schema: string, events: readonly RecordedEvent[]) => RawBuilder<unknown>[];
}

export function defineProjection<DB>(projection: Projection<DB>): Projection<DB> {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(projection.name)) throw new Error(`projection name ${projection.name} must be snake_case`);
  return projection;
}
