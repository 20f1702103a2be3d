import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const WEB_SOURCES = fileURLToPath(new URL('web/src/', import.meta.url));

/**
 * The web tests that replace a module (vi.mock). Test files share one module graph per worker
 * (isolate: false), where a module another file imported first stays the real one, so these run
 * apart, each with a graph of its own.
 */
const WEB_TESTS_WITH_MODULE_MOCKS = readdirSync(WEB_SOURCES, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.unit\.test\.tsx?$/.test(file) && readFileSync(WEB_SOURCES + file, 'utf8').includes('vi.mock('))
  .map((file) => `web/src/${file}`);

// Test files sit beside the code and name their kind: *.unit.test.ts (no I/O),
// *.int.test.ts (real PostgreSQL, Redis, SMTP, mediasoup), *.e2e.test.ts (real browser).
// The projects run one after the other (sequence.groupOrder), each with the workers that suit it
// on two cores; docs/testing.md has the measurements.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            '{schemas,eventstore,projections,write-model,command-api,workers,sfu,storage,testkit}/src/**/*.{unit,int}.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One module graph for every file: importing it afresh per file cost 172 s. Files share
          // nothing else (each harness has its own database, Redis prefix and bucket).
          isolate: false,
          // Two files at a time, each worker with a PostgreSQL server of its own: the transaction
          // horizon is a server's, so files sharing one would hold back each other's log readers.
          globalSetup: ['test/support/postgres-per-worker.ts'],
          setupFiles: ['test/support/worker-postgres.setup.ts'],
          maxWorkers: process.env.TEST_ADMIN_DATABASE_URL ? 1 : 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/src/**/*.unit.test.{ts,tsx}'],
          exclude: WEB_TESTS_WITH_MODULE_MOCKS,
          setupFiles: ['web/src/testing/setup.ts'],
          // CPU-bound and independent: both cores, one module graph and page environment per worker
          // (a graph and a happy-dom per file cost about 100 s).
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web-module-mocks',
          environment: 'happy-dom',
          include: WEB_TESTS_WITH_MODULE_MOCKS,
          setupFiles: ['web/src/testing/setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/shared-product.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // One shared product (two API instances). Two files at a time: with three, the live files'
          // decoding Chromiums starved the others (page loads past 30 s, LCP past its budget).
          maxWorkers: 2,
          // One module graph per worker: importing the test kit afresh cost about 9 s per file.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
