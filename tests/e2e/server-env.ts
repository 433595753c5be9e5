/**
 * The browser tests' server settings, shared by the global setup (which seeds the demo data once)
 * and every worker's server (which starts from a copy of that data folder).
 */
import { serverEnv } from '../helpers/server-process';

export const E2E_ADMIN = { username: 'admin', password: 'admin-e2e-password' };

/** Where the global setup left the seeded data folder (read by the workers). */
export const E2E_TEMPLATE_VAR = 'BITAQA_E2E_DATA_TEMPLATE';

export function e2eServerEnv(overrides: {
  PORT: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
  HUBSPOT_API_BASE?: string;
}): Record<string, string> {
  return serverEnv({
    // Request lines at info show in a failed test's output; spawnServer keeps the recent part.
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: 'true',
    // The suite signs up many users from 127.0.0.1; the limits' own tests run in vitest.
    RATE_LIMIT_SCALE: '20',
    // A demo account with 60 conversations, more than the list's first page.
    SEED_DEMO_INBOX: '60',
    // The webhook tests send to a receiver on 127.0.0.1 (refused in production).
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...overrides,
  });
}
