import { sql, type Kysely } from 'kysely';

/** Rows present in one schema's table but not the other's (both directions), per table. */
export async function schemaDifferences(
  db: Kysely<any>,
  left: string,
  right: string,
  tables: readonly string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const r = await sql<{ n: number }>`select
        (select count(*) from (select * from ${sql.id(left, table)} except all select * from ${sql.id(right, table)}) a) +
        (select count(*) from (select * from ${sql.id(right, table)} except all select * from ${sql.id(left, table)}) b) as n`.execute(
      db,
    );
    out[table] = Number(r.rows[0]!.n);
  }
  return out;
}

export async function rowCount(db: Kysely<any>, schema: string, table: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.id(schema, table)}`.execute(db);
  return Number(r.rows[0]!.n);
}
