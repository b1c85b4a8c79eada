import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // one test file a core and one more: vitest's default leaves one core idle, which on a 2-core machine runs the files
    // one at a time (5 min 13 s against 3 min 27 s measured, the same 59 files passing); many files wait most of their
    // time on a terminal, a browser, a timer or a child (the live growths in tmux: 21 s, 5 s of it CPU), and a third
    // file fills those waits (81 files: 4 min 36 s against 5 min 35 s, all passing, 2026-11-27)
    maxWorkers: availableParallelism() + 1,
  },
});
