/**
 * Browser tests drive the real built app (dist/web served by the real server on an embedded
 * database with demo data) in Debian's Chromium. Never `playwright install`.
 *
 * Each worker starts a server of its own (tests/e2e/fixtures.ts), so spec files run side by side
 * on two workers without sharing data. E2E_WORKERS=1 runs them one at a time.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // Compiles the server and seeds the demo data once; workers start from copies.
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    trace: 'on-first-retry',
    // The app's service worker answers pages from its cache and takes requests out of page.route's
    // sight; the specs about the installable app allow it (test.use), the others test the network.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
