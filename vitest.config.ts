import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its process and loaded modules from one test file to the next
    // (each file still gets its own database and app): a new process per file, with the server
    // graph imported and PGlite's WebAssembly compiled again, was half of the suite's time.
    isolate: false,
    onConsoleLog(log, type) {
      // An unexpected console.error in a test is a bug.
      if (type === 'stderr' && /Warning:|Error:/.test(log)) return true;
      return undefined;
    },
  },
});
