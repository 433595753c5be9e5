/**
 * Production refuses to start on development defaults: no PUBLIC_URL, no
 * SESSION_SECRET, no admin password from the environment, or no Stripe keys without an explicit
 * PAYMENTS=test; demo data is off by default; the admin password is never logged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestDatabase } from '../../tests/helpers/test-db';
import { testConfig } from '../../tests/helpers/app';
import { createAuthService } from './modules/auth/service';
import { buildApp } from './app';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://bitaqa.example',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'Sapphire-Dune-Harbour-41',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  DATA_DIR: path.join(os.tmpdir(), 'bitaqa-config-test'),
};
const without = (...keys: (keyof typeof production)[]) =>
  Object.fromEntries(Object.entries(production).filter(([k]) => !keys.includes(k as keyof typeof production)));

describe('production start', () => {
  it('starts with everything set, demo data off by default', () => {
    const config = loadConfig(production);
    expect(config.seedDemo).toBe(false);
    expect(config.stripe).toBeDefined();
    expect(config.paymentsTest).toBe(false);
  });

  it('refuses without PUBLIC_URL, SESSION_SECRET or the admin password, naming each', () => {
    expect(() => loadConfig(without('PUBLIC_URL'))).toThrow(/PUBLIC_URL: required/);
    expect(() => loadConfig(without('SESSION_SECRET'))).toThrow(/SESSION_SECRET: required/);
    expect(() => loadConfig(without('ADMIN_PASSWORD'))).toThrow(/ADMIN_PASSWORD: required/);
    expect(() => loadConfig(without('PUBLIC_URL', 'ADMIN_USERNAME'))).toThrow(/PUBLIC_URL[\s\S]*ADMIN_USERNAME/);
  });

  it('refuses a guessable admin password, an http:// PUBLIC_URL and optional admin two-factor', () => {
    for (const weak of ['password', 'Bitaqa123!', '12345678']) {
      expect(() => loadConfig({ ...production, ADMIN_PASSWORD: weak })).toThrow(/ADMIN_PASSWORD: too easy to guess/);
    }
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://bitaqa.example' })).toThrow(
      /PUBLIC_URL: must be an https/,
    );
    expect(() => loadConfig({ ...production, ADMIN_TWO_FACTOR: 'optional' })).toThrow(/ADMIN_TWO_FACTOR/);
    expect(loadConfig(production).adminTwoFactorRequired).toBe(true);
    // Development keeps a password-only admin unless asked.
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: production.DATA_DIR }).adminTwoFactorRequired).toBe(false);
  });

  it('refuses to fall back to the test payment provider without PAYMENTS=test', () => {
    const noStripe = without('STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET');
    expect(() => loadConfig(noStripe)).toThrow(/PAYMENTS=test/);
    const optedIn = loadConfig({ ...noStripe, PAYMENTS: 'test' });
    expect(optedIn.stripe).toBeUndefined();
    expect(optedIn.paymentsTest).toBe(true);
  });

  it('never scales the rate limits in production; a test environment may', () => {
    expect(() => loadConfig({ ...production, RATE_LIMIT_SCALE: '20' })).toThrow(/RATE_LIMIT_SCALE: only for test/);
    expect(loadConfig(production).rateLimitScale).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '20' }).rateLimitScale).toBe(20);
  });

  it('loads demo data in production only when asked', () => {
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: production.DATA_DIR }).seedDemo).toBe(true);
  });
});

describe('the seller on tax invoices', () => {
  it('has demo defaults and takes the seller from the environment', () => {
    expect(loadConfig(production).invoiceSeller).toMatchObject({
      name: 'Bitaqa Technologies FZCO',
      trn: '100000000000003',
    });
    const own = loadConfig({
      ...production,
      INVOICE_SELLER_NAME: 'Acme Realty Tech LLC',
      INVOICE_SELLER_NAME_AR: 'أكمي للتقنية العقارية ذ.م.م',
      INVOICE_SELLER_ADDRESS: 'Office 12, Business Bay, Dubai',
      INVOICE_SELLER_ADDRESS_AR: 'مكتب 12، الخليج التجاري، دبي',
      INVOICE_SELLER_TRN: '100123456700003',
    });
    expect(own.invoiceSeller).toEqual({
      name: 'Acme Realty Tech LLC',
      nameAr: 'أكمي للتقنية العقارية ذ.م.م',
      address: 'Office 12, Business Bay, Dubai',
      addressAr: 'مكتب 12، الخليج التجاري، دبي',
      trn: '100123456700003',
    });
  });

  it('refuses a TRN that is not 15 digits', () => {
    expect(() => loadConfig({ ...production, INVOICE_SELLER_TRN: '12345' })).toThrow(
      /INVOICE_SELLER_TRN: must be the 15-digit UAE Tax Registration Number/,
    );
    expect(() => loadConfig({ ...production, INVOICE_SELLER_TRN: '10012345670000A' })).toThrow(/INVOICE_SELLER_TRN/);
  });
});

describe('secrets stay out of the log', () => {
  it('a generated admin password goes to a private file, never to the log', async () => {
    const config = testConfig({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    const database = await createTestDatabase();
    const app = await buildApp({ config, database, serveWeb: false });
    const lines: string[] = [];
    const log = {
      info: (o: object, m: string) => lines.push(JSON.stringify(o) + m),
      warn: (m: string) => lines.push(m),
    };
    try {
      await createAuthService(app.ctx).ensureAdmin(log);
      const file = path.join(config.dataDir, 'admin-password.txt');
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      expect(lines.join('\n')).not.toContain(password);
      expect(lines.join('\n')).toContain(file);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
