/**
 * Shared helpers for browser tests: read mail from the outbox the e2e server writes, and sign
 * in through the real API (the browser context keeps the session cookie).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN, e2eServer, expect } from './fixtures';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO = {
  broker: 'ahmed.almansoori@demo.bitaqa.ae',
  bankingBroker: 'huda.saleh@demo.bitaqa.ae',
  developer: 'rashid.almazrouei@demo.bitaqa.ae',
  investor: 'carlos.mendez@demo.bitaqa.ae',
  /** 60 conversations (SEED_DEMO_INBOX in fixtures.ts); the oldest with Nikolai Petrov. */
  inbox: 'noor.inbox@demo.bitaqa.ae',
} as const;

/**
 * The newest .eml in the outbox addressed to `to` (and containing `containing`, when given),
 * decoded enough to find links. E-mail leaves through the server's outbox after the request
 * answered, so this waits for the file to appear; pass `containing` when the address
 * already has older mail (a verification e-mail before an approval).
 */
export async function latestMailTo(to: string, containing?: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(e2eServer().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(dir)) {
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
      for (const f of files) {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        if (!raw.includes(`To: ${to}`)) continue;
        const mail = decodeMail(raw);
        if (!containing || mail.includes(containing)) return mail;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}${containing ? ` containing "${containing}"` : ''} in ${dir}`);
}

function decodeMail(raw: string): string {
  // Undo quoted-printable soft breaks and escapes so links are whole.
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
  // Parts in base64 (nodemailer's choice for Arabic text) are appended decoded.
  const decoded: string[] = [];
  for (const m of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g))
    decoded.push(Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [qp, ...decoded].join('\n');
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

/** The test payment provider's card that succeeds. */
export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/**
 * A new user through the real API: registered, e-mail verified from the outbox link, signed in
 * and with `role` chosen, in a fresh browser context of the given size.
 */
export async function newVerifiedUser(
  browser: Browser,
  o: { first: string; last: string; role: string; viewport?: { width: number; height: number }; phone?: string },
): Promise<{ context: BrowserContext; page: Page; email: string; password: string }> {
  const context = await browser.newContext({ viewport: o.viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail(o.first.toLowerCase());
  const password = 'e2e-test-pass-1';
  const reg = await page.request.post('/api/auth/register', {
    data: {
      firstName: o.first,
      lastName: o.last,
      email,
      phoneNumber: o.phone ?? '50 123 4567',
      countryCode: '+971',
      password,
      confirmPassword: password,
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const token = (await latestMailTo(email)).match(/verify-email\?token=([\w-]+)/)?.[1];
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  expect((await page.request.post('/api/auth/update-role', { data: { role: o.role } })).status()).toBe(200);
  return { context, page, email, password };
}

/** Pays the yearly fee with the test provider's card, as the signed-in user of `page`. */
export async function payWithTestCard(page: Page): Promise<void> {
  const intent = await page.request.post('/api/get-or-create-subscription');
  expect(intent.status(), await intent.text()).toBe(200);
  const paid = await page.request.post('/api/subscription/test-confirm', {
    data: { clientSecret: (await intent.json()).clientSecret, ...TEST_CARD },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}
