import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

interface Compiled {
  readonly sql: string;
  /** For each parameter of the compiled statement, which of the call's values it takes. */
  readonly slots: readonly number[];
}

/**
 * A hot statement of fixed shape, built and compiled by Kysely once per database handle and after
 * that only bound to each call's values. Building and compiling the query tree on every call cost
 * a like about a tenth of the API's CPU for it. `build` must use each value as a plain parameter
 * (compared, inserted), never in the statement's shape; the first call checks that the values are
 * exactly the parameters it compiled to.
 */
export function compiledOnce<DB, Values extends readonly unknown[], Row>(
  build: (db: Kysely<DB>, ...values: Values) => Compilable<Row>,
): (db: Kysely<DB>, ...values: Values) => Promise<Row | undefined> {
  const byHandle = new WeakMap<Kysely<DB>, Compiled>();
  return async (db, ...values) => {
    let compiled = byHandle.get(db);
    if (!compiled) {
      compiled = compile(db, build, values.length);
      byHandle.set(db, compiled);
    }
    const bound = CompiledQuery.raw(
      compiled.sql,
      compiled.slots.map((slot) => values[slot]),
    ) as CompiledQuery<Row>;
    return (await db.executeQuery(bound)).rows[0];
  };
}

function compile<DB, Values extends readonly unknown[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...values: Values) => Compilable<Row>,
  count: number,
): Compiled {
  // Stand-ins no caller passes, so each compiled parameter names the value it stands for.
  const standIns = Array.from({ length: count }, (_, i) => `\u0000value ${i}\u0000`);
  const { sql, parameters } = build(db, ...(standIns as unknown as Values)).compile();
  const slots = parameters.map((parameter) => standIns.indexOf(parameter as string));
  const shaped = standIns.some((standIn) => sql.includes(standIn));
  if (shaped || slots.includes(-1) || standIns.some((_, i) => !slots.includes(i)))
    throw new Error(`compiledOnce: the values must be exactly the parameters of "${sql}"`);
  return { sql, slots };
}
