import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    onConsoleLog(log, type) {
      // CONVENTIONS §8: an unexpected console.error in a test is a bug.
      if (type === 'stderr' && /Warning:|Error:/.test(log)) return true;
      return undefined;
    },
  },
});
