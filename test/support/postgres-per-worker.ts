import type { TestProject } from 'vitest/node';
import { postgresBinaries, startScratchPostgres, type ScratchPostgres } from '@myworld/testkit/scratch-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One PostgreSQL server per test worker (index = VITEST_POOL_ID - 1). */
    postgresAdminUrls: string[];
  }
}

/**
 * vitest's global set-up for the server tests: a PostgreSQL server of its own for each worker.
 * A log reader holds back events that commit after the oldest open transaction, and PostgreSQL's
 * transaction horizon is the whole server's, not one database's: two test files on one server
 * would delay each other's reads. With a server per worker they run side by side, as they would
 * on separate machines. TEST_ADMIN_DATABASE_URL, when set, names one server, and the files then run
 * one at a time (vitest.config.ts).
 */
export default async function startPostgresPerWorker(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_ADMIN_DATABASE_URL) {
    project.provide('postgresAdminUrls', []);
    return async () => undefined;
  }
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server binaries found: set PG_BINDIR, or TEST_ADMIN_DATABASE_URL');
  const workers = Number(project.config.maxWorkers) || 1;
  const servers: ScratchPostgres[] = await Promise.all(
    Array.from({ length: workers }, () => startScratchPostgres(bin)),
  );
  project.provide(
    'postgresAdminUrls',
    servers.map((s) => s.adminUrl),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
