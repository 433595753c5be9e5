/**
 * Shared helpers for browser tests: read mail from the outbox the e2e server writes, and sign
 * in through the real API (the browser context keeps the session cookie).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DATA_DIR } from '../../playwright.config';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO = {
  broker: 'ahmed.almansoori@demo.bitaqa.ae',
  bankingBroker: 'huda.saleh@demo.bitaqa.ae',
  developer: 'rashid.almazrouei@demo.bitaqa.ae',
  investor: 'carlos.mendez@demo.bitaqa.ae',
} as const;

/** The newest .eml in the outbox addressed to `to`, decoded enough to find links. */
export async function latestMailTo(to: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(dir)) {
      const files = fs.readdirSync(dir).sort().reverse();
      for (const f of files) {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        if (raw.includes(`To: ${to}`)) return decodeMail(raw);
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

function decodeMail(raw: string): string {
  // Undo quoted-printable soft breaks and escapes so links are whole.
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
}

export function linkIn(mail: string, pathPrefix: string): string {
  const m = mail.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!m) throw new Error(`no ${pathPrefix} link in mail`);
  return m[0];
}

/** Signs in through the API; the page's context keeps the cookie. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function signInAdmin(page: Page) {
  const res = await page.request.post('/api/auth/admin-login', { data: E2E_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

/** Unique e-mail for a test run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}
