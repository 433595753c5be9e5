import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that need no database and no server: the shared core, the web app, the repository's rules
 * and a few pure server helpers. They run without the global setup (no migrated database, no
 * server bundle), so `npx vitest run --project unit` answers in seconds. A test listed here that
 * opens a database fails at once: the values the global setup provides are missing.
 */
const unitTests = [
  'src/core/**/*.test.ts',
  'src/web/**/*.test.ts',
  'src/web/**/*.test.tsx',
  'tests/unit/**/*.test.ts',
  'src/server/error-codes.test.ts',
  'src/server/modules/contact-scan/ai.test.ts',
  'src/server/modules/invoices/vat.test.ts',
  'src/server/platform/mail/templates.test.ts',
  'src/server/platform/pdf/bidi-text.test.ts',
  'src/server/platform/schedule.test.ts',
];

export default defineConfig({
  test: {
    // Shared by both projects (each extends this config).
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
    // `npx vitest run` runs both, every file exactly once: api is everything unit is not.
    projects: [
      { extends: true, test: { name: 'unit', include: unitTests } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...unitTests],
          // Migrates once per run (PGlite dump or PostgreSQL template) and builds the server bundle.
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
    ],
  },
});
