/**
 * Security headers on HTML and JSON, cross-site writes refused, names
 * without bidi overrides, vCard values without a bare CR, head tags injected with a replacer.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import helmet from 'helmet';
import { users } from './db/schema';
import { buildVCard } from './modules/cards/vcard';
import { injectHead } from './web';
import { contentSecurityPolicy, headersOf } from './http-security';
import { createTestApp } from '../../tests/helpers/app';

const t = await createTestApp();
const https = await createTestApp({ env: { PUBLIC_URL: 'https://bitaqa.example' } });

describe('security headers', () => {
  it('JSON answers carry CSP with frame-ancestors none, nosniff and a Referrer-Policy; no HSTS over http', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/directory' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await https.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('sets every header helmet would set on the response itself, with the same values', () => {
    for (const secure of [false, true]) {
      const middleware = helmet({
        contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(secure) },
        strictTransportSecurity: secure ? { maxAge: 1000 } : false,
      });
      const res = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
      middleware(res.req, res, () => {});
      expect(headersOf(middleware)).toEqual(res.getHeaders());
    }
  });

  it('the page shell has no inline script (the CSP would block it)', () => {
    const html = fs.readFileSync(path.resolve('src/web/index.html'), 'utf8');
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toMatch(/^<script\b[^>]*\bsrc=[^>]*><\/script>$/);
  });
});

describe('cross-site requests', () => {
  it('refuses JSON with a foreign Origin: the profile is not changed', async () => {
    const u = await t.signUp();
    const payload = { firstName: 'Hacked', lastName: 'Name', email: u.user.email };
    const res = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: u,
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.firstName).not.toBe('Hacked');
  });

  it('refuses what the browser marks cross-site, and a null Origin', async () => {
    const u = await t.signUp();
    const post = (headers: Record<string, string>) => t.inject({ method: 'POST', url: '/api/logout', as: u, headers });
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).statusCode).toBe(200);
  });

  it('accepts our own origin, and clients that are not browser pages', async () => {
    const u = await t.signUp();
    const ok = await t.inject({
      method: 'PATCH',
      url: '/api/auth/preferences',
      as: u,
      payload: { preferredLanguage: 'ar' },
      headers: { origin: 'http://bitaqa.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(ok.statusCode).toBe(200);
    const plain = await t.inject({
      method: 'PATCH',
      url: '/api/auth/preferences',
      as: u,
      payload: { preferredLanguage: 'en' },
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('bidi overrides in names', () => {
  it('refuses a card name with U+202E and a user name with U+2067', async () => {
    const u = await t.signUp({ role: 'real_estate_broker' });
    const card = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      as: u,
      payload: { name: 'Ahmed \u202Ereklaw\u202C', profession: 'Broker' },
    });
    expect(card.statusCode).toBe(400);
    expect(card.json().errors.name).toMatch(/text-direction/);
    const profile = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: u,
      payload: { firstName: 'Sara\u2067', lastName: 'Ali', email: u.user.email },
    });
    expect(profile.statusCode).toBe(400);
    // Arabic and mixed names are fine.
    const arabic = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      as: u,
      payload: { name: 'أحمد Al Mansoori', profession: 'وسيط عقاري' },
    });
    expect(arabic.statusCode).toBe(201);
  });
});

describe('vCard and page head', () => {
  it('writes no bare CR from profession or area into the vCard', () => {
    const vcf = buildVCard(
      {
        name: 'Sara Ali',
        profession: 'Broker\rTEL:+1 555 0100',
        company: null,
        bankName: null,
        phone: null,
        countryCode: null,
        email: null,
        officeAddress: null,
        area: 'Marina\r\nEMAIL:evil@example.com',
        emirate: null,
        professionalBio: null,
        description: null,
        socialLinks: {},
      } as Parameters<typeof buildVCard>[0],
      'https://bitaqa.example/cards/1',
    );
    expect(vcf).not.toMatch(/\r(?!\n)/);
    const lines = vcf.split('\r\n');
    expect(lines.some((l) => l.startsWith('TEL:+1 555'))).toBe(false);
    expect(lines.some((l) => l.startsWith('EMAIL:evil'))).toBe(false);
  });

  it('injects head tags with a replacer: $` and $& in a name stay text', () => {
    const shell = '<html><head><title>Bitaqa</title></head><body><div id="root"></div></body></html>';
    const out = injectHead(shell, '<meta property="og:title" content="Sara $` $&amp; Ali">');
    expect(out).toContain('content="Sara $` $&amp; Ali"');
    expect(out.match(/<html>/g)).toHaveLength(1);
  });
});
