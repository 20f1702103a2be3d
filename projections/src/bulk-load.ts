import { sql, type Kysely } from 'kysely';

/**
 * A generation built from position 0 is filled in bulk: its tables are unlogged while the events
 * are applied (no WAL for each row change: a table that is mostly updates would write its pages
 * to the WAL many times over), and the secondary indexes the handlers never read through are
 * dropped early on (see IndexProbe) and built once at the end, each from the finished table. Primary
 * keys and unique indexes stay: the handlers' upserts (`on conflict`) and lookups rely on them.
 * At the end the tables are made durable (written to the WAL once), indexed and analysed.
 *
 * While a bulk load is under way the schema holds MARKER, an unlogged table with a row per
 * deferred index (and an empty one). PostgreSQL empties unlogged tables when it recovers from a
 * crash: a marker with no rows thus says the generation's tables lost their rows while its
 * checkpoint did not (it must be built again); a marker with rows says the load stopped with its
 * process (it can be finished, and fed on).
 */
const MARKER = 'bulk_load_pending';

export type BulkLoadState = 'none' | 'pending' | 'lost';

/** Turns a freshly migrated, empty generation schema into one ready for a bulk load: unlogged, with the marker. */
export async function startBulkLoad(db: Kysely<any>, schema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const name of await tablesOf(trx, schema))
      await sql`alter table ${sql.id(schema, name)} set unlogged`.execute(trx);
    await sql`create unlogged table ${sql.id(schema, MARKER)} (definition text not null)`.execute(trx);
    // The marker always has a row (an empty definition stands for "no index deferred").
    await sql`insert into ${sql.id(schema, MARKER)} (definition) values ('')`.execute(trx);
  });
}

export interface IndexProbeOptions {
  /** Events applied before the handlers' use of the indexes is watched (default 20,000), and watched for. */
  events: number;
  /** The least time it is watched (default 3 s: a busy connection reports its index scans about once a second). */
  ms: number;
}

export const DEFAULT_INDEX_PROBE: IndexProbeOptions = { events: 20_000, ms: 3_000 };

/**
 * Finds the secondary indexes a generation's handlers never read through, and drops them for the
 * rest of the load (finishBulkLoad builds them again). Which ones the handlers need is learnt, not
 * declared: after `events` events the tables are analysed (so the planner sees their real sizes
 * and no longer prefers scanning a tiny table) and each index's scan count noted; `events` more
 * and at least `ms` later, an index whose count did not move is deferred. Only queries of the
 * handlers run against a generation being built. An index a rare event needs and the window did
 * not see costs that event a scan of its table, never a wrong row.
 */
export class IndexProbe {
  private applied = 0;
  private baseline: { at: number; events: number; scans: Map<string, number> } | undefined;
  private decided = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
    private readonly options: IndexProbeOptions = DEFAULT_INDEX_PROBE,
  ) {}

  /** Secondary indexes deferred to the end of the load. */
  deferred = 0;

  /** Called between two of the generation's batches (never during one: dropping an index locks its table). */
  async afterBatch(events: number): Promise<void> {
    this.applied += events;
    if (this.decided || this.applied < this.options.events) return;
    if (!this.baseline) {
      for (const name of await tablesOf(this.db, this.schema))
        await sql`analyze ${sql.id(this.schema, name)}`.execute(this.db);
      this.baseline = { at: performance.now(), events: this.applied, scans: await this.scans() };
      return;
    }
    if (
      this.applied - this.baseline.events < this.options.events ||
      performance.now() - this.baseline.at < this.options.ms
    )
      return;
    this.decided = true;
    const scans = await this.scans();
    const unused = [...scans].filter(([name, n]) => n === this.baseline!.scans.get(name)).map(([name]) => name);
    if (unused.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await sql`
        insert into ${sql.id(this.schema, MARKER)} (definition)
        select indexdef from pg_indexes where schemaname = ${this.schema} and indexname = any(${unused}::text[])`.execute(
        trx,
      );
      for (const name of unused) await sql`drop index ${sql.id(this.schema, name)}`.execute(trx);
    });
    this.deferred = unused.length;
  }

  /** Scans so far of each secondary index (neither unique nor a constraint's): the handlers' lookups through it. */
  private async scans(): Promise<Map<string, number>> {
    const rows = await sql<{ name: string; scans: number }>`
      select s.indexrelname as name, s.idx_scan::float8 as scans
        from pg_stat_user_indexes s join pg_index x on x.indexrelid = s.indexrelid
       where s.schemaname = ${this.schema} and not x.indisunique
         and not exists (select 1 from pg_constraint k where k.conindid = s.indexrelid)`.execute(this.db);
    return new Map(rows.rows.map((r) => [r.name, Number(r.scans)]));
  }
}

async function tablesOf(db: Kysely<any>, schema: string): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = ${schema} and tablename <> ${MARKER}`.execute(db);
  return tables.rows.map((t) => t.name);
}

/** Whether `schema` is mid bulk load, and if so whether a crash emptied it. */
export async function bulkLoadState(db: Kysely<any>, schema: string): Promise<BulkLoadState> {
  const marker = await sql<{ exists: boolean }>`
    select to_regclass(${`${quoteIdent(schema)}.${MARKER}`}) is not null as exists`.execute(db);
  if (!marker.rows[0]?.exists) return 'none';
  const rows = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, MARKER)}`.execute(db);
  return rows.rows[0]!.n > 0 ? 'pending' : 'lost';
}

/**
 * Ends a bulk load: makes every table durable, builds the secondary indexes (several at once on
 * their own connections when the pool has them: each build is one core's work), and analyses the
 * tables so the first queries are planned on real figures. Idempotent; nothing to do without the marker.
 */
export async function finishBulkLoad(db: Kysely<any>, schema: string): Promise<void> {
  if ((await bulkLoadState(db, schema)) !== 'pending') return;
  const pending = await sql<{ definition: string }>`
    select definition from ${sql.id(schema, MARKER)} where definition <> ''`.execute(db);
  const tables = await tablesOf(db, schema);
  // Before the indexes: making a table logged rewrites it, and its indexes with it.
  await Promise.all(tables.map((name) => sql`alter table ${sql.id(schema, name)} set logged`.execute(db)));
  await Promise.all(
    pending.rows.map(({ definition }) =>
      db.connection().execute(async (connection) => {
        await sql`set maintenance_work_mem = '256MB'`.execute(connection);
        await sql
          .raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '))
          .execute(connection);
        await sql`reset maintenance_work_mem`.execute(connection);
      }),
    ),
  );
  await Promise.all(tables.map((name) => sql`analyze ${sql.id(schema, name)}`.execute(db)));
  await sql`drop table ${sql.id(schema, MARKER)}`.execute(db);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
