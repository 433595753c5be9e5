/**
 * Every browser-test worker drives a server of its own: the real server (the compiled
 * src/server/main.ts on its own copy of the embedded database with the demo data, serving the
 * built dist/web) on a port the OS chose. Workers run spec files side by side without seeing each
 * other's changes: the demo broker's view counts, the admin's review queue and the outbox belong
 * to one worker.
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
import { type FakeHubspot, startFakeHubspot } from '../helpers/fake-hubspot';
import { SERVER_BUNDLE, type ServerProcess, spawnServer } from '../helpers/server-process';
import { E2E_TEMPLATE_VAR, e2eServerEnv } from './server-env';

export { expect } from '@playwright/test';

export { E2E_ADMIN } from './server-env';

export interface E2EServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The server's DATA_DIR (the outbox with the e-mails it sent is in here). */
  dataDir: string;
  /** The worker's fake HubSpot (the server's HUBSPOT_API_BASE), which accepts E2E_HUBSPOT_TOKEN. */
  hubspot: FakeHubspot;
}

/** The one private-app token the browser tests' fake HubSpot accepts. */
export const E2E_HUBSPOT_TOKEN = 'pat-e2e-hubspot-token';

let current: E2EServer | undefined;

/** This worker's server; only valid inside a test (the worker fixture starts it first). */
export function e2eServer(): E2EServer {
  if (!current) throw new Error('the e2e server is not running: import test from ./fixtures');
  return current;
}

/** Copying the seeded folder and starting on a cold, loaded 2-core machine. */
const START_TIMEOUT_MS = 120_000;

function templateFolder(): string {
  const folder = process.env[E2E_TEMPLATE_VAR];
  if (!folder || !fs.existsSync(folder)) throw new Error('no seeded data folder: run through playwright.config.ts');
  return folder;
}

export const test = base.extend<object, { server: E2EServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const dataDir = path.join(os.tmpdir(), `bitaqa-e2e-${process.pid}-w${workerInfo.workerIndex}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      // A known port, so the links and QR codes the server writes (PUBLIC_URL) point back at it.
      const port = await freePort();
      // The server's HubSpot calls go to a fake on 127.0.0.1, never to HubSpot itself.
      const hubspot = await startFakeHubspot({ tokens: [E2E_HUBSPOT_TOKEN] });
      const env = e2eServerEnv({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        HUBSPOT_API_BASE: hubspot.base,
      });
      // The seeded folder of the global setup (tests/e2e/global-setup.ts), copied: the worker's
      // changes stay its own.
      fs.cpSync(templateFolder(), dataDir, { recursive: true });
      const proc: ServerProcess = await spawnServer(env, { entry: SERVER_BUNDLE });
      current = { url: proc.url, dataDir, hubspot };
      try {
        await use(current);
      } finally {
        current = undefined;
        await proc.stop();
        await hubspot.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: START_TIMEOUT_MS },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});
