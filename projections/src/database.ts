import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

/**
 * Read-model connections parse int8 (counts, sums) as numbers: read-model figures stay far below
 * 2^53. Only these pools do; the event store keeps int8 as text and parses positions exactly.
 */
const readModelTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function createDatabase<DB = any>(connectionString: string, options: { max?: number; applicationName?: string } = {}): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'myworld',
    types: readModelTypes,
  });
  pool.on('error', () => {
    /* idle client died; the pool replaces it */
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
