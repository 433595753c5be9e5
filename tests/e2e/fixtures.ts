/**
 * Every browser-test worker drives a server of its own: the real server (src/server/main.ts on
 * its own embedded database with the demo data, serving the built dist/web) on a port the OS
 * chose. Workers run spec files side by side without seeing each other's changes: the demo
 * broker's view counts, the admin's review queue and the outbox belong to one worker.
 *
 * Specs import `test` and `expect` from here instead of '@playwright/test'; `baseURL` (and so
 * every `page.goto('/…')`, `page.request` and `browser.newContext()`) points at the worker's
 * server, and `e2eServer()` gives its address and data folder to helpers outside a fixture.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freePort } from '../../scripts/lib/free-port';
import { type ServerProcess, serverEnv, spawnServer } from '../helpers/server-process';

export { expect } from '@playwright/test';

export const E2E_ADMIN = { username: 'admin', password: 'admin-e2e-password' };

export interface E2EServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The server's DATA_DIR (the outbox with the e-mails it sent is in here). */
  dataDir: string;
}

let current: E2EServer | undefined;

/** This worker's server; only valid inside a test (the worker fixture starts it first). */
export function e2eServer(): E2EServer {
  if (!current) throw new Error('the e2e server is not running: import test from ./fixtures');
  return current;
}

/** Seeding the demo data on a cold, loaded 2-core machine takes a while. */
const START_TIMEOUT_MS = 240_000;

export const test = base.extend<object, { server: E2EServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const dataDir = path.join(os.tmpdir(), `bitaqa-e2e-${process.pid}-w${workerInfo.workerIndex}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      // A known port, so the links and QR codes the server writes (PUBLIC_URL) point back at it.
      const port = await freePort();
      const env = serverEnv({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        // Request lines at info show in a failed test's output; spawnServer keeps the recent part.
        LOG_LEVEL: 'info',
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        SEED_DEMO: 'true',
        // The suite signs up many users from 127.0.0.1; the limits' own tests run in vitest.
        RATE_LIMIT_SCALE: '20',
        // A demo account with 60 conversations, more than the list's first page (issue 13).
        SEED_DEMO_INBOX: '60',
      });
      const proc: ServerProcess = await spawnServer(env);
      current = { url: proc.url, dataDir };
      try {
        await use(current);
      } finally {
        current = undefined;
        await proc.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: START_TIMEOUT_MS },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});
