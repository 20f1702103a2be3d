import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { survivesConnectionLoss, type ConnectionErrorHandler } from '@myworld/eventstore';

/**
 * Read-model connections parse int8 (counts, sums) as numbers: read-model figures stay far below
 * 2^53. Only these pools do; the event store keeps int8 as text and parses positions exactly.
 */
const readModelTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface DatabaseOptions {
  /** Connections (default 10). */
  max?: number;
  /** Shown in pg_stat_activity (default myworld). */
  applicationName?: string;
  /** Told of each connection the server ends; the pool replaces it (default: nothing). */
  onConnectionError?: ConnectionErrorHandler;
  /**
   * Commits do not wait for the WAL to reach the disk (synchronous_commit off; default false), for
   * rebuilds, which commit a batch per projection many times a second. A database crash can lose
   * the last moments' batches, but each together with its checkpoint, so a resumed build re-reads
   * them: read models never go wrong, they only redo work.
   */
  asyncCommit?: boolean;
  /**
   * Each connection prepares the statements it is sent with parameters, by their text, so
   * PostgreSQL parses and plans each of a handler's statements once instead of per event (default
   * false). `true`: every such statement, for rebuilds, which run the same few statements millions
   * of times against tables no one alters meanwhile (a prepared SELECT * fails once its table gains
   * a column). `'marked'`: only statements marked PREPARED, for servers, whose many other texts
   * (lists of any length) would only fill each connection with plans used once.
   */
  prepareStatements?: boolean | 'marked';
}

/**
 * Marks a hot statement of fixed shape that names its columns (Kysely: `.modifyEnd(PREPARED)`), for
 * pools that prepare marked statements: a like's count, say, is then parsed and planned once per
 * connection, not per request.
 */
const PREPARED_MARK = '/* prepared */';
export const PREPARED = sql.raw(PREPARED_MARK);
const isMarked = (text: string) => text.endsWith(PREPARED_MARK);

export function createDatabase<DB = any>(connectionString: string, options: DatabaseOptions = {}): Kysely<DB> {
  const pool = survivesConnectionLoss(
    new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      application_name: options.applicationName ?? 'myworld',
      types: readModelTypes,
      ...(options.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
    }),
    options.onConnectionError,
  );
  const prepare = options.prepareStatements;
  if (prepare) pool.on('connect', (client) => prepareByText(client, prepare === 'marked' ? isMarked : () => true));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Makes `client` send each data statement with parameters that `chosen` accepts as a named (prepared) statement, by its text; the first 1,000 texts only. */
function prepareByText(client: pg.PoolClient, chosen: (text: string) => boolean): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values: unknown, ...rest: unknown[]) => {
    if (
      typeof text === 'string' &&
      Array.isArray(values) &&
      rest.length === 0 &&
      /^\s*(select|insert|update|delete|with)\b/i.test(text) &&
      chosen(text)
    ) {
      let name = names.get(text);
      if (!name && names.size < 1_000) names.set(text, (name = `mw${names.size}`));
      if (name) return query({ name, text, values });
    }
    return query(text, values, ...rest);
  };
}
