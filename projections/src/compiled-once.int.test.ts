import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { createDatabase } from './database.ts';
import { compiledOnce } from './compiled-once.ts';

interface Db {
  items: { id: string; owner: string | null; count: number };
}

describe('compiledOnce', () => {
  let database: TestDatabase;
  let kysely: Kysely<Db>;

  beforeAll(async () => {
    database = await createTestDatabase('compiled_once');
    kysely = createDatabase<Db>(database.url, { max: 2 });
    for (const schema of ['one', 'two']) {
      await sql`create schema ${sql.id(schema)}`.execute(kysely);
      await sql`create table ${sql.id(schema, 'items')} (id text primary key, owner text, count int not null)`.execute(
        kysely,
      );
    }
    await sql`insert into one.items values ('a', 'ann', 1), ('b', null, 2), ('c', 'ann', 3)`.execute(kysely);
    await sql`insert into two.items values ('a', 'bob', 10)`.execute(kysely);
  });

  afterAll(async () => {
    await kysely.destroy();
    await database.drop();
  });

  // `id` twice and `owner` once, in an order other than the values': each parameter takes its own value.
  const query = (db: Kysely<Db>, id: string, owner: string | null) =>
    db
      .selectFrom('items')
      .select((eb) => [
        'id',
        'count',
        eb.exists(eb.selectFrom('items as o').select('o.id').where('o.owner', '=', owner)).as('owned'),
      ])
      .where('id', '=', id)
      .where((eb) => eb.or([eb('owner', '=', owner), eb('id', '=', id)]));
  let builds = 0;
  const find = compiledOnce((db: Kysely<Db>, id: string, owner: string | null) => {
    builds++;
    return query(db, id, owner);
  });

  it('binds each call to its own values, as the query built anew answers', async () => {
    const one = kysely.withSchema('one');
    const anew = (id: string, owner: string | null) => query(one, id, owner).executeTakeFirst();
    for (const [id, owner] of [
      ['a', 'ann'],
      ['b', null],
      ['c', 'zed'],
      ['missing', 'ann'],
    ] as const) {
      expect(await find(one, id, owner)).toEqual(await anew(id, owner));
    }
    expect(await find(one, 'c', 'ann')).toEqual({ id: 'c', count: 3, owned: true });
    expect(await find(one, 'b', null)).toEqual({ id: 'b', count: 2, owned: false });
    expect(await find(one, 'missing', null)).toBeUndefined();
  });

  it('compiles once per handle, each handle against its own schema', async () => {
    const one = kysely.withSchema('one');
    const two = kysely.withSchema('two');
    builds = 0;
    expect(await find(one, 'a', 'bob')).toEqual({ id: 'a', count: 1, owned: false });
    expect(await find(two, 'a', 'bob')).toEqual({ id: 'a', count: 10, owned: true });
    expect(await find(one, 'a', 'bob')).toEqual({ id: 'a', count: 1, owned: false });
    expect(await find(two, 'a', null)).toEqual({ id: 'a', count: 10, owned: false });
    expect(builds).toBe(2);
  });

  it('refuses a statement whose shape depends on a value', async () => {
    const byColumn = compiledOnce((db: Kysely<Db>, column: string) =>
      db.selectFrom('items').select(sql.ref(column).as('picked')),
    );
    await expect(byColumn(kysely.withSchema('one'), 'count')).rejects.toThrow(/must be exactly the parameters/);
  });
});
