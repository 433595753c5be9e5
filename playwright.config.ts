/**
 * Browser tests drive the real built app (dist/web served by the real server on an embedded
 * database with demo data) in Debian's Chromium. Never `playwright install`.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from './scripts/lib/free-port';

export { freePort };

// Chosen once in the runner; its workers inherit the environment and so the same port.
process.env.E2E_PORT ??= String(await freePort());
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `bitaqa-e2e-data-${E2E_PORT}`);
export const E2E_ADMIN = { username: 'admin', password: 'admin-e2e-password' };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'on-first-retry',
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
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/auth/user`,
    // 401 is the healthy answer for the signed-out current user.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      // The suite signs up many users from 127.0.0.1; the limits' own tests run in vitest.
      RATE_LIMIT_SCALE: '20',
      // A demo account with 60 conversations, more than the list's first page (issue 13).
      SEED_DEMO_INBOX: '60',
      LOG_LEVEL: 'warn',
    },
  },
});
