import { sql, type Kysely } from 'kysely';

/**
 * What accent- and case-insensitive search needs in the database: the pg_trgm and unaccent
 * extensions, and `public.myworld_fold(text)`, lower(unaccent(text)) declared IMMUTABLE so that
 * stored columns and indexes may use it (unaccent itself is only STABLE: it reads a dictionary).
 * Both sides of a comparison are folded with it: stored text in handlers, the query in queries.
 * Safe to run from several migrations at once (one at a time under an advisory lock).
 */
export async function ensureTextSearch(db: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('myworld:text-search'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`
    create or replace function public.myworld_fold(text) returns text
    language sql immutable strict parallel safe
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`.execute(db);
}

/** The folded form of a text expression (see ensureTextSearch). */
export const fold = (text: unknown) => sql<string>`public.myworld_fold(${text})`;
