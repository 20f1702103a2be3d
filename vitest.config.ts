import { defineConfig } from 'vitest/config';

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
            '{schemas,eventstore,projections,command-api,workers,sfu,storage,testkit}/src/**/*.{unit,int}.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One module graph for every file: importing it afresh per file cost 172 s. Files share
          // nothing else (each harness has its own database, Redis prefix and bucket).
          isolate: false,
          // One file at a time: PostgreSQL's transaction horizon is the cluster's, so a file's open
          // transactions hold back another database's log readers (see docs/testing.md).
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/src/**/*.unit.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup.ts'],
          // CPU-bound and independent: both cores.
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
          // One shared product; the files mostly wait on the browser and the product, not the CPU.
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
