import { inject } from 'vitest';

// Each server-test worker creates its databases on the PostgreSQL server the global set-up
// started for it (test/support/postgres-per-worker.ts).
const urls = inject('postgresAdminUrls');
if (urls.length > 0) {
  const worker = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  process.env.TEST_ADMIN_DATABASE_URL = urls[worker % urls.length];
}
