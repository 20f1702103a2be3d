import { defineConfig } from 'vitest/config';

// Test files sit beside the code and name their kind: *.unit.test.ts (no I/O),
// *.int.test.ts (real PostgreSQL, Redis, SMTP, mediasoup), *.e2e.test.ts (real browser).
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
            '{schemas,eventstore,projections,command-api,workers,sfu,storage,testkit}/src/**/*.{unit,int}.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/src/**/*.unit.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
