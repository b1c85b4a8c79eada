import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // one test file a core: vitest's default leaves one core idle, which on a 2-core machine runs the files one at a
    // time (5 min 13 s against 3 min 27 s measured, the same 59 files passing)
    maxWorkers: availableParallelism(),
  },
});
