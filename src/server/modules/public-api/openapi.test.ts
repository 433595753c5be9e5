/**
 * The OpenAPI document at /api/v1/openapi.json: public, a valid OpenAPI 3.1 document (checked by
 * an OpenAPI schema validator), naming every /api/v1 route the app serves with its scope, the
 * webhook events with their signature headers, and answers that the live routes really give
 * (each answer is validated against its documented JSON Schema).
 */
import http from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { approvedCardFor } from '../../../../tests/helpers/cards';
import { API_SCOPES } from '../../../core/schemas/api-keys';
import { WEBHOOK_EVENTS } from '../../../core/schemas/webhooks';
import { contacts, inquiries } from '../../db/schema';

const t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
const server = http.createServer((_req, res) => res.end('ok'));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
afterAll(() => server.close());

type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: unknown } }>;
  info: { description: string };
};

const docRes = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
const doc = docRes.json() as Doc;

/** The documented operation of a live request, by the route pattern Fastify matched. */
function operationOf(method: string, pattern: string): Operation | undefined {
  return doc.paths[pattern.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
}

describe('GET /api/v1/openapi.json', () => {
  it('is public and a valid OpenAPI 3.1 document', async () => {
    expect(docRes.statusCode).toBe(200);
    expect(docRes.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(
      structuredClone(doc) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every /api/v1 route with its scope and error answers, and nothing else', () => {
    const live = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.url !== '/api/v1/openapi.json',
    );
    expect(live.length).toBeGreaterThan(15);
    for (const r of live) {
      const op = operationOf(r.method, r.url);
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op?.responses['401'], `${r.method} ${r.url}`).toBeDefined();
      const scopes = op?.security?.[0]?.bearerAuth ?? [];
      for (const s of scopes) expect(API_SCOPES).toContain(s);
    }
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented).toHaveLength(live.length);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });

  it('documents every webhook event with its delivery body, headers and verification recipes', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const op = doc.webhooks[event].post;
      expect(op.parameters.map((p) => p.name)).toEqual(['Bitaqa-Event-Id', 'Bitaqa-Signature']);
      expect(JSON.stringify(op.requestBody)).toContain('"required":["id","type","created","data"]');
    }
    expect(doc.info.description).toContain("createHmac('sha256', secret)");
    expect(doc.info.description).toContain('hmac.compare_digest');
    expect(doc.info.description).toMatch(/Zapier, Make and n8n/);
  });
});

describe('live answers match the document', () => {
  it('validates every route’s answer against its documented schema', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await approvedCardFor(t, owner);
    const [lead] = await t.database.db
      .insert(inquiries)
      .values({
        businessCardId: card.id,
        inquirerName: 'Visitor',
        inquirerEmail: 'v@example.com',
        inquiryType: 'buying',
      })
      .returning();
    await t.database.db.insert(contacts).values({ ownerId: owner.user.id, name: 'Existing contact' });
    const key = (
      await t.inject({ method: 'POST', url: '/api/api-keys', as: owner, payload: { name: 'All', scopes: API_SCOPES } })
    ).json();
    const checked = new Set<string>();
    const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      const res = await t.inject({ method, url, payload, headers: { authorization: `Bearer ${key.secret}` } });
      const pattern = t.app.routeTable.find(
        (r) => r.method === method && new RegExp(`^${r.url.replace(/:\w+/g, '[^/]+')}$`).test(url.split('?')[0]),
      )?.url;
      const op = pattern ? operationOf(method, pattern) : undefined;
      expect(op, `${method} ${url}`).toBeDefined();
      const documented = op?.responses[String(res.statusCode)];
      expect(documented, `${method} ${url} answered ${res.statusCode}, which is not documented`).toBeDefined();
      const schema = documented?.content?.['application/json']?.schema;
      if (schema) {
        const validate = ajv.compile(schema);
        expect(validate(res.json()), `${method} ${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
      } else {
        expect(res.body).toBe('');
      }
      checked.add(`${method} ${pattern}`);
      return res;
    };

    await call('GET', '/api/v1/me');
    await call('GET', '/api/v1/leads');
    await call('GET', `/api/v1/leads/${lead.id}`);
    const contact = (await call('POST', '/api/v1/contacts', { name: 'New person', emails: ['p@example.com'] })).json();
    await call('GET', '/api/v1/contacts?limit=1');
    await call('GET', `/api/v1/contacts/${contact.id}`);
    await call('PATCH', `/api/v1/contacts/${contact.id}`, { tags: ['vip'] });
    await call('DELETE', `/api/v1/contacts/${contact.id}`);
    await call('GET', '/api/v1/cards');
    await call('GET', `/api/v1/cards/${card.id}`);
    const listing = (
      await call('POST', '/api/v1/listings', {
        title: 'Penthouse in Downtown Dubai',
        propertyType: 'penthouse',
        status: 'for_sale',
        price: 9_000_000,
        city: 'Dubai',
        permitNumber: '7112345678',
        permitExpiresOn: '2099-12-31',
      })
    ).json();
    await call('GET', '/api/v1/listings');
    await call('GET', `/api/v1/listings/${listing.id}`);
    await call('PATCH', `/api/v1/listings/${listing.id}`, { bedrooms: 4 });
    const hook = (await call('POST', '/api/v1/webhooks', { url: hookUrl, events: ['lead.created'] })).json();
    await call('GET', '/api/v1/webhooks');
    await call('GET', `/api/v1/webhooks/${hook.id}`);
    await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`);
    await call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${lead.id}/retry`);
    await call('DELETE', `/api/v1/webhooks/${hook.id}`);
    // Error answers have the documented error shape too.
    await call('GET', '/api/v1/contacts?cursor=bogus');
    await call('GET', `/api/v1/leads/${contact.id}`);
    expect(checked.size).toBeGreaterThanOrEqual(20);
  });
});

describe('the reference at /docs/api', () => {
  it('is served from this server with no inline script, under the app’s Content-Security-Policy', async () => {
    const redirect = await t.inject({ method: 'GET', url: '/docs/api' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/docs/api/');
    const page = await t.inject({ method: 'GET', url: '/docs/api/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1].trim())).toEqual(['src="/docs/api/js/scalar.js"', 'src="/docs/api/start.js"']);
    expect(scripts.every((m) => m[2].trim() === '')).toBe(true);
    expect(page.body).not.toMatch(/https?:\/\/(?!bitaqa)/);
    const viewer = await t.inject({ method: 'GET', url: '/docs/api/js/scalar.js' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toMatch(/javascript/);
    const start = await t.inject({ method: 'GET', url: '/docs/api/start.js' });
    expect(start.body).toContain("Scalar.createApiReference('#app'");
    expect(start.body).toContain('"url":"/api/v1/openapi.json"');
  });
});
