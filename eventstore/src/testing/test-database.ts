import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database where this user may create databases: TEST_ADMIN_DATABASE_URL (read at each call, as
 * each server-test worker names its own server), default postgres://postgres@127.0.0.1:5432/postgres.
 */
function adminUrl(): string {
  return process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database for one test file; `drop()` removes it. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `myworld_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const server = adminUrl();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
