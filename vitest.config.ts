import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
            'e2e/**/*.unit.test.ts',
            'tools/**/*.test.ts',
            'bench/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // why: a timeout is there to end a test that hangs, not to demand speed: the heaviest tests (the
          // quick-search cross-check, the fuzz run) took over 30 s on a shared 2-core machine under load.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 3,
        },
      },
      {
        test: {
          // `npm run conformance` and a step of npm test (scripts/test.ts): every operation of the API document
          // driven with generated input (issues #16 and #31).
          name: 'conformance',
          include: ['apps/server/test/conformance.sweep.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
