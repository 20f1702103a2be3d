import { sql, type Kysely } from 'kysely';
import type { Position } from '@myworld/schemas';
import type { Projection } from './projection.ts';

/**
 * Each projection lives in generations: one PostgreSQL schema per build. The `active` one serves
 * queries; a `building` one is being filled from position 0 (after a version change or a replay);
 * `snapshot`s are analysts' as-of builds that never serve the product.
 */
export type GenerationStatus = 'building' | 'active' | 'retired' | 'snapshot';

/**
 * Why a generation stopped: a handler could not apply the event at `position`. A failed
 * generation keeps serving what it has (stale, not gone) and is not fed again; a replay, or a
 * new projection version, builds a generation that replaces it.
 */
export interface GenerationFailure {
  position: Position;
  error: string;
  at: Date;
}

export interface Generation {
  name: string;
  generation: number;
  version: number;
  schemaName: string;
  status: GenerationStatus;
  checkpoint: Position;
  eventsApplied: number;
  lastEventAt: Date | null;
  failure: GenerationFailure | null;
}

/**
 * The payload of a NOTIFY on myworld_checkpoints when a batch moved a generation's checkpoint:
 * `name:generation:commit/prepare`, so listeners move their copy without reading the registry
 * (every batch of every projection sends one). Any other change to the registry notifies the bare
 * name: read it again.
 */
export function checkpointMovedNotice(
  generation: Pick<Generation, 'name' | 'generation'>,
  checkpoint: Position,
): string {
  return `${generation.name}:${generation.generation}:${checkpoint.commit}/${checkpoint.prepare}`;
}

/** A notice of checkpointMovedNotice, read back; undefined for a bare name. */
export function readCheckpointNotice(
  payload: string,
): { name: string; generation: number; checkpoint: Position } | undefined {
  const match = /^([a-z0-9_]+):(\d+):(\d+)\/(\d+)$/.exec(payload);
  if (!match) return undefined;
  return {
    name: match[1]!,
    generation: Number(match[2]),
    checkpoint: { commit: BigInt(match[3]!), prepare: BigInt(match[4]!) },
  };
}

export const REGISTRY_SQL = /* sql */ `
create table if not exists projection_generations (
  name text not null,
  generation int not null,
  version int not null,
  schema_name text not null unique,
  status text not null check (status in ('building', 'active', 'retired', 'snapshot')),
  checkpoint_commit bigint not null default 0,
  checkpoint_prepare bigint not null default 0,
  events_applied bigint not null default 0,
  last_event_at timestamptz,
  until_time timestamptz,
  until_position text,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (name, generation)
);
create unique index if not exists projection_generations_one_active on projection_generations (name) where status = 'active';
-- A generation whose handler failed on an event: where, why and when (null while healthy).
-- Altered only when missing: ALTER TABLE locks out every reader, even when it changes nothing.
do $migrate$ begin
  if not exists (select 1 from information_schema.columns
                  where table_schema = current_schema() and table_name = 'projection_generations' and column_name = 'failed_at') then
    alter table projection_generations
      add column if not exists failed_commit bigint,
      add column if not exists failed_prepare bigint,
      add column if not exists failed_error text,
      add column if not exists failed_at timestamptz;
  end if;
end $migrate$;
-- Aborts a one-statement batch whose checkpoint compare-and-set found the row moved.
create or replace function myworld_checkpoint_moved(p_name text) returns int language plpgsql as $fn$
begin
  raise exception 'checkpoint of projection % moved underneath this runner', p_name using errcode = 'MWCKP';
end
$fn$;
`;

export async function ensureRegistry(db: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_lock(hashtext('myworld_projection_registry'))`.execute(db);
  try {
    await sql.raw(REGISTRY_SQL).execute(db);
  } finally {
    await sql`select pg_advisory_unlock(hashtext('myworld_projection_registry'))`.execute(db);
  }
}

interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  schema_name: string;
  status: GenerationStatus;
  checkpoint_commit: string | number;
  checkpoint_prepare: string | number;
  events_applied: string | number;
  last_event_at: Date | null;
  failed_commit: string | number | null;
  failed_prepare: string | number | null;
  failed_error: string | null;
  failed_at: Date | null;
}

function toGeneration(row: GenerationRow): Generation {
  return {
    name: row.name,
    generation: row.generation,
    version: row.version,
    schemaName: row.schema_name,
    status: row.status,
    checkpoint: { commit: BigInt(row.checkpoint_commit), prepare: BigInt(row.checkpoint_prepare) },
    eventsApplied: Number(row.events_applied),
    lastEventAt: row.last_event_at,
    failure:
      row.failed_at === null || row.failed_commit === null || row.failed_prepare === null
        ? null
        : {
            position: { commit: BigInt(row.failed_commit), prepare: BigInt(row.failed_prepare) },
            error: row.failed_error ?? '',
            at: row.failed_at,
          },
  };
}

async function selectGenerations(db: Kysely<any>, where: ReturnType<typeof sql>): Promise<Generation[]> {
  const r = await sql<GenerationRow>`select * from projection_generations where ${where} order by generation`.execute(
    db,
  );
  return r.rows.map(toGeneration);
}

export async function activeGeneration(db: Kysely<any>, name: string): Promise<Generation | undefined> {
  return (await selectGenerations(db, sql`name = ${name} and status = 'active'`))[0];
}

/** A rebuild of `version` that was started before (e.g. by a runner that then stopped), to resume. */
export async function buildingGeneration(
  db: Kysely<any>,
  name: string,
  version: number,
): Promise<Generation | undefined> {
  return (await selectGenerations(db, sql`name = ${name} and status = 'building' and version = ${version}`)).at(-1);
}

export async function listGenerations(db: Kysely<any>): Promise<Generation[]> {
  return selectGenerations(db, sql`status in ('active', 'building')`);
}

export async function findGeneration(db: Kysely<any>, name: string, generation: number): Promise<Generation> {
  const g = (await selectGenerations(db, sql`name = ${name} and generation = ${generation}`))[0];
  if (!g) throw new Error(`projection ${name} has no generation ${generation}`);
  return g;
}

/**
 * Creates a new, empty generation schema and its tables. A projection's very first generation
 * serves at once (there is nothing older to keep serving while it catches up).
 */
export async function createGeneration(
  db: Kysely<any>,
  projection: Projection,
  requested: 'building' | 'snapshot',
  until?: { time?: Date; position?: string },
): Promise<Generation> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`projection:create:${projection.name}`}))`.execute(trx);
    const next = await sql<{
      n: number;
    }>`select coalesce(max(generation), 0) + 1 as n from projection_generations where name = ${projection.name}`.execute(
      trx,
    );
    const generation = Number(next.rows[0]!.n);
    const hasActive =
      await sql`select 1 from projection_generations where name = ${projection.name} and status = 'active'`.execute(
        trx,
      );
    const status: GenerationStatus = requested === 'building' && hasActive.rows.length === 0 ? 'active' : requested;
    const schemaName =
      status === 'snapshot' ? `asof_${projection.name}_g${generation}` : `rm_${projection.name}_g${generation}`;
    await sql`drop schema if exists ${sql.id(schemaName)} cascade`.execute(trx);
    await sql`create schema ${sql.id(schemaName)}`.execute(trx);
    await projection.migrate(trx, schemaName);
    await sql`insert into projection_generations (name, generation, version, schema_name, status, until_time, until_position)
              values (${projection.name}, ${generation}, ${projection.version}, ${schemaName}, ${status}, ${until?.time ?? null}, ${until?.position ?? null})`.execute(
      trx,
    );
    await sql`select pg_notify('myworld_checkpoints', ${projection.name})`.execute(trx);
    return findGeneration(trx, projection.name, generation);
  });
}

/**
 * Records that `generation` stopped at the event at `position` and why. A generation already
 * replaced (a replay finished meanwhile) is left alone.
 */
export async function markFailed(
  db: Kysely<any>,
  generation: Generation,
  position: Position,
  error: string,
): Promise<void> {
  await sql`update projection_generations
       set failed_commit = ${position.commit.toString()}, failed_prepare = ${position.prepare.toString()}, failed_error = ${error}, failed_at = now(), updated_at = now()
     where name = ${generation.name} and generation = ${generation.generation} and status in ('active', 'building')`.execute(
    db,
  );
  await sql`select pg_notify('myworld_checkpoints', ${generation.name})`.execute(db);
}

/**
 * Makes `generation` the one that serves; retires and drops the previous active one and any older
 * build of the same projection (e.g. one that failed), which the new generation supersedes.
 */
export async function switchOver(db: Kysely<any>, name: string, generation: number): Promise<void> {
  const retired = await db.transaction().execute(async (trx) => {
    const old = await sql<{
      schema_name: string;
    }>`update projection_generations set status = 'retired', updated_at = now()
      where name = ${name} and generation <> ${generation}
        and (status = 'active' or (status = 'building' and generation < ${generation})) returning schema_name`.execute(
      trx,
    );
    await sql`update projection_generations set status = 'active', activated_at = now(), updated_at = now()
      where name = ${name} and generation = ${generation}`.execute(trx);
    await sql`select pg_notify('myworld_checkpoints', ${name})`.execute(trx);
    return old.rows.map((r) => r.schema_name);
  });
  for (const schema of retired) {
    // Queries in flight against the old schema finish first: drop waits for their locks.
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await sql`delete from projection_generations where schema_name = ${schema}`.execute(db);
  }
}

/** Removes a generation and its tables (a rebuild that did not finish). */
export async function dropGeneration(db: Kysely<any>, generation: Generation): Promise<void> {
  await sql`drop schema if exists ${sql.id(generation.schemaName)} cascade`.execute(db);
  await sql`delete from projection_generations where name = ${generation.name} and generation = ${generation.generation}`.execute(
    db,
  );
}
