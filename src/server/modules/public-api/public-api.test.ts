/**
 * The public API at /api/v1: every route opens with a key holding its scope and answers 403
 * without it; revoked and expired keys fail at once; a brokerage key reads the team's leads and a
 * member's key only their own; the session cookie and the key never open each other's routes;
 * Idempotency-Key replays; cursors page through hundreds of records without a gap or a repeat;
 * the per-key limit answers 429 with RateLimit-* headers.
 */
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, MemoryMailer, type TestApp, type TestUser, testConfig } from '../../../../tests/helpers/app';
import { buildApp } from '../../app';
import { createTestBrokerage } from '../../../../tests/helpers/brokerage';
import { approvedCardFor } from '../../../../tests/helpers/cards';
import type { ApiScope } from '../../../core/schemas/api-keys';
import { auditLog, contacts, inquiries, properties } from '../../db/schema';

let clock = new Date('2026-06-01T10:00:00Z');
const t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, now: () => clock });
const broker = { role: 'real_estate_broker', subscriptionStatus: 'active' } as const;

const server = http.createServer((_req, res) => res.end('ok'));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
afterAll(() => server.close());

async function keyFor(
  app: TestApp,
  user: TestUser,
  scopes: readonly ApiScope[],
  extra: Record<string, unknown> = {},
): Promise<{ id: string; secret: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    as: user,
    payload: { name: 'Test key', scopes, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`key not made: ${res.body}`);
  return res.json();
}

const call = (app: TestApp, secret: string | null, o: InjectOptions & { url: string }) =>
  app.inject({
    ...o,
    headers: { ...(o.headers ?? {}), ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
  });

/** A user with one of everything the API reaches. */
async function world() {
  const owner = await t.signUp(broker);
  const card = await approvedCardFor(t, owner);
  const [lead] = await t.database.db
    .insert(inquiries)
    .values({
      businessCardId: card.id,
      inquirerName: 'Visitor',
      inquirerEmail: 'visitor@example.com',
      inquiryType: 'buying',
    })
    .returning();
  const [contact] = await t.database.db
    .insert(contacts)
    .values({ ownerId: owner.user.id, name: 'Layla Haddad', phones: ['+971501112233'] })
    .returning();
  const full = await keyFor(t, owner, [
    'leads:read',
    'contacts:read',
    'contacts:write',
    'cards:read',
    'listings:read',
    'listings:write',
    'webhooks:manage',
  ]);
  const listing = (
    await call(t, full.secret, {
      method: 'POST',
      url: '/api/v1/listings',
      payload: {
        title: 'Two bedrooms in Dubai Marina',
        propertyType: 'apartment',
        status: 'for_sale',
        price: 1_800_000,
        city: 'Dubai',
        permitNumber: '7112345678',
        permitExpiresOn: '2099-12-31',
      },
    })
  ).json();
  const hook = (
    await call(t, full.secret, {
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: hookUrl, events: ['lead.created'] },
    })
  ).json();
  return { owner, card, lead, contact, listing, hook, full };
}

type W = Awaited<ReturnType<typeof world>>;

/** Every v1 route: its scope, a request, and what a key with the scope gets. */
const ROUTES: {
  key: string;
  scope: ApiScope | null;
  request: (w: W) => InjectOptions & { url: string };
  ok: number;
}[] = [
  { key: 'GET /api/v1/me', scope: null, request: () => ({ method: 'GET', url: '/api/v1/me' }), ok: 200 },
  { key: 'GET /api/v1/leads', scope: 'leads:read', request: () => ({ method: 'GET', url: '/api/v1/leads' }), ok: 200 },
  {
    key: 'GET /api/v1/leads/:id',
    scope: 'leads:read',
    request: (w) => ({ method: 'GET', url: `/api/v1/leads/${w.lead.id}` }),
    ok: 200,
  },
  {
    key: 'GET /api/v1/contacts',
    scope: 'contacts:read',
    request: () => ({ method: 'GET', url: '/api/v1/contacts' }),
    ok: 200,
  },
  {
    key: 'GET /api/v1/contacts/:id',
    scope: 'contacts:read',
    request: (w) => ({ method: 'GET', url: `/api/v1/contacts/${w.contact.id}` }),
    ok: 200,
  },
  {
    key: 'POST /api/v1/contacts',
    scope: 'contacts:write',
    request: () => ({ method: 'POST', url: '/api/v1/contacts', payload: { name: 'Omar Saleh' } }),
    ok: 201,
  },
  {
    key: 'PATCH /api/v1/contacts/:id',
    scope: 'contacts:write',
    request: (w) => ({
      method: 'PATCH',
      url: `/api/v1/contacts/${w.contact.id}`,
      payload: { company: 'Marina Homes' },
    }),
    ok: 200,
  },
  {
    key: 'DELETE /api/v1/contacts/:id',
    scope: 'contacts:write',
    request: (w) => ({ method: 'DELETE', url: `/api/v1/contacts/${w.contact.id}` }),
    ok: 204,
  },
  { key: 'GET /api/v1/cards', scope: 'cards:read', request: () => ({ method: 'GET', url: '/api/v1/cards' }), ok: 200 },
  {
    key: 'GET /api/v1/cards/:id',
    scope: 'cards:read',
    request: (w) => ({ method: 'GET', url: `/api/v1/cards/${w.card.id}` }),
    ok: 200,
  },
  {
    key: 'GET /api/v1/listings',
    scope: 'listings:read',
    request: () => ({ method: 'GET', url: '/api/v1/listings' }),
    ok: 200,
  },
  {
    key: 'GET /api/v1/listings/:id',
    scope: 'listings:read',
    request: (w) => ({ method: 'GET', url: `/api/v1/listings/${w.listing.id}` }),
    ok: 200,
  },
  {
    key: 'POST /api/v1/listings',
    scope: 'listings:write',
    request: () => ({
      method: 'POST',
      url: '/api/v1/listings',
      payload: {
        title: 'Villa in Arabian Ranches',
        propertyType: 'villa',
        status: 'for_rent',
        price: 250_000,
        city: 'Dubai',
        permitNumber: '7112345679',
        permitExpiresOn: '2099-12-31',
      },
    }),
    ok: 201,
  },
  {
    key: 'PATCH /api/v1/listings/:id',
    scope: 'listings:write',
    request: (w) => ({ method: 'PATCH', url: `/api/v1/listings/${w.listing.id}`, payload: { price: 1_750_000 } }),
    ok: 200,
  },
  {
    key: 'POST /api/v1/webhooks',
    scope: 'webhooks:manage',
    request: () => ({
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: hookUrl, events: ['contact.created'] },
    }),
    ok: 201,
  },
  {
    key: 'GET /api/v1/webhooks',
    scope: 'webhooks:manage',
    request: () => ({ method: 'GET', url: '/api/v1/webhooks' }),
    ok: 200,
  },
  {
    key: 'GET /api/v1/webhooks/:id',
    scope: 'webhooks:manage',
    request: (w) => ({ method: 'GET', url: `/api/v1/webhooks/${w.hook.id}` }),
    ok: 200,
  },
  {
    key: 'DELETE /api/v1/webhooks/:id',
    scope: 'webhooks:manage',
    request: (w) => ({ method: 'DELETE', url: `/api/v1/webhooks/${w.hook.id}` }),
    ok: 204,
  },
  {
    key: 'GET /api/v1/webhooks/:id/deliveries',
    scope: 'webhooks:manage',
    request: (w) => ({ method: 'GET', url: `/api/v1/webhooks/${w.hook.id}/deliveries` }),
    ok: 200,
  },
  {
    key: 'POST /api/v1/webhooks/:id/deliveries/:deliveryId/retry',
    scope: 'webhooks:manage',
    request: (w) => ({ method: 'POST', url: `/api/v1/webhooks/${w.hook.id}/deliveries/${w.hook.id}/retry` }),
    ok: 404,
  },
];

describe('every /api/v1 route and its scope', () => {
  it('covers every v1 route the app has', () => {
    const v1 = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.url !== '/api/v1/openapi.json')
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(v1)).toEqual(new Set(ROUTES.map((r) => r.key)));
  });

  it.each(ROUTES)('$key: opens with its scope, 403 without it, 401 without a key', async (route) => {
    const w = await world();
    const anon = await call(t, null, route.request(w));
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('API_KEY_MISSING');
    if (route.scope) {
      const others = (
        [
          'leads:read',
          'contacts:read',
          'contacts:write',
          'cards:read',
          'listings:read',
          'listings:write',
          'webhooks:manage',
        ] as const
      ).filter((s) => s !== route.scope);
      const without = await keyFor(t, w.owner, others);
      const refused = await call(t, without.secret, route.request(w));
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE', scope: route.scope });
    }
    const withScope = await keyFor(t, w.owner, route.scope ? [route.scope] : ['cards:read']);
    const res = await call(t, withScope.secret, route.request(w));
    expect(res.statusCode, res.body).toBe(route.ok);
  });

  it('shows another user’s records to no key: 404 for their ids, empty lists', async () => {
    const w = await world();
    const stranger = await t.signUp(broker);
    const key = await keyFor(t, stranger, [
      'leads:read',
      'contacts:read',
      'cards:read',
      'listings:read',
      'webhooks:manage',
    ]);
    for (const url of [
      `/api/v1/leads/${w.lead.id}`,
      `/api/v1/contacts/${w.contact.id}`,
      `/api/v1/cards/${w.card.id}`,
      `/api/v1/listings/${w.listing.id}`,
      `/api/v1/webhooks/${w.hook.id}`,
    ]) {
      expect((await call(t, key.secret, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    for (const url of ['/api/v1/leads', '/api/v1/contacts', '/api/v1/cards', '/api/v1/listings', '/api/v1/webhooks']) {
      expect((await call(t, key.secret, { method: 'GET', url })).json().items, url).toEqual([]);
    }
  });
});

describe('key life', () => {
  it('a revoked key fails at once, with API_KEY_REVOKED; a made-up key with API_KEY_INVALID', async () => {
    const user = await t.signUp();
    const key = await keyFor(t, user, ['cards:read']);
    expect((await call(t, key.secret, { method: 'GET', url: '/api/v1/cards' })).statusCode).toBe(200);
    await t.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, as: user });
    const after = await call(t, key.secret, { method: 'GET', url: '/api/v1/cards' });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('API_KEY_REVOKED');
    const madeUp = await call(t, `bq_live_${'a'.repeat(40)}`, { method: 'GET', url: '/api/v1/cards' });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().code).toBe('API_KEY_INVALID');
    expect(madeUp.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('an expired key fails after its last day', async () => {
    const user = await t.signUp();
    const key = await keyFor(t, user, ['cards:read'], { expiresOn: '2026-06-02' });
    expect((await call(t, key.secret, { method: 'GET', url: '/api/v1/cards' })).statusCode).toBe(200);
    const saved = clock;
    clock = new Date('2026-06-03T00:00:00Z');
    try {
      const res = await call(t, key.secret, { method: 'GET', url: '/api/v1/cards' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('API_KEY_EXPIRED');
    } finally {
      clock = saved;
    }
  });

  it('records when a key was last used, and which key made a change in the audit log', async () => {
    const user = await t.signUp();
    const key = await keyFor(t, user, ['contacts:write']);
    const created = await call(t, key.secret, { method: 'POST', url: '/api/v1/contacts', payload: { name: 'Sara' } });
    expect(created.statusCode).toBe(201);
    const list = (await t.inject({ method: 'GET', url: '/api/api-keys', as: user })).json();
    expect(list.items[0].lastUsedAt).toBe(clock.toISOString());
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.json().id));
    expect(entry).toMatchObject({ action: 'contact.create', actorId: user.user.id, apiKeyId: key.id });
  });
});

describe('brokerage keys', () => {
  it('read the whole team’s leads; a member’s own key reads only theirs; the key stops when its maker stops managing', async () => {
    const owner = await t.signUp(broker);
    const member = await t.signUp(broker);
    const brokerage = await createTestBrokerage(t, { owner, members: [member] });
    const ownerCard = await approvedCardFor(t, owner);
    const memberCard = await approvedCardFor(t, member);
    const lead = (cardId: string, name: string) => ({
      businessCardId: cardId,
      brokerageId: brokerage.id,
      inquirerName: name,
      inquirerEmail: 'lead@example.com',
      inquiryType: 'buying',
    });
    await t.database.db.insert(inquiries).values([lead(ownerCard.id, 'For owner'), lead(memberCard.id, 'For member')]);
    const teamKey = await keyFor(t, owner, ['leads:read'], { brokerageId: brokerage.id });
    const memberKey = await keyFor(t, member, ['leads:read']);
    const names = async (secret: string) =>
      (await call(t, secret, { method: 'GET', url: '/api/v1/leads' }))
        .json()
        .items.map((l: { inquirerName: string }) => l.inquirerName);
    expect((await names(teamKey.secret)).sort()).toEqual(['For member', 'For owner']);
    expect(await names(memberKey.secret)).toEqual(['For member']);
    const memberBrokerageKey = await t.inject({
      method: 'POST',
      url: '/api/api-keys',
      as: member,
      payload: { name: 'Team', scopes: ['leads:read'], brokerageId: brokerage.id },
    });
    expect(memberBrokerageKey.statusCode).toBe(403);

    await t.database.db.execute(
      sql`update brokerage_members set role = 'member' where brokerage_id = ${brokerage.id} and user_id = ${owner.user.id}`,
    );
    const ended = await call(t, teamKey.secret, { method: 'GET', url: '/api/v1/leads' });
    expect(ended.statusCode).toBe(403);
    expect(ended.json().code).toBe('API_KEY_BROKERAGE_ACCESS_ENDED');
  });
});

describe('session and key stay apart', () => {
  it('a session cookie does not open /api/v1, and a key does not open the app’s routes', async () => {
    const user = await t.signUp(broker);
    const key = await keyFor(t, user, ['contacts:read', 'contacts:write']);
    const withCookie = await t.inject({ method: 'GET', url: '/api/v1/contacts', as: user });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json().code).toBe('API_KEY_MISSING');
    const posted = await t.inject({ method: 'POST', url: '/api/v1/contacts', as: user, payload: { name: 'X' } });
    expect(posted.statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/contacts'],
      ['GET', '/api/auth/user'],
      ['GET', '/api/webhooks'],
      ['GET', '/api/api-keys'],
    ] as const) {
      const res = await call(t, key.secret, { method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, refuses another body, and creates once', async () => {
    const user = await t.signUp();
    const key = await keyFor(t, user, ['contacts:write', 'contacts:read']);
    const send = (payload: object, idem = 'order-42') =>
      call(t, key.secret, { method: 'POST', url: '/api/v1/contacts', payload, headers: { 'idempotency-key': idem } });
    const first = await send({ name: 'Huda', emails: ['huda@example.com'] });
    expect(first.statusCode).toBe(201);
    const again = await send({ emails: ['huda@example.com'], name: 'Huda' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await send({ name: 'Someone else' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const list = (await call(t, key.secret, { method: 'GET', url: '/api/v1/contacts' })).json();
    expect(list.items).toHaveLength(1);
    // Another key may use the same string for its own request.
    const key2 = await keyFor(t, user, ['contacts:write']);
    const theirs = await call(t, key2.secret, {
      method: 'POST',
      url: '/api/v1/contacts',
      payload: { name: 'Someone else' },
      headers: { 'idempotency-key': 'order-42' },
    });
    expect(theirs.statusCode).toBe(201);
    // A refused request frees its key: the corrected one goes through.
    const invalid = await send({ name: '' }, 'order-43');
    expect(invalid.statusCode).toBe(400);
    expect((await send({ name: 'Fixed' }, 'order-43')).statusCode).toBe(201);
  });
});

describe('cursor paging', () => {
  it('pages through 500 contacts, changed in the same instants, without a gap or a repeat; updated_since narrows', async () => {
    const user = await t.signUp();
    const key = await keyFor(t, user, ['contacts:read']);
    // Five instants, a hundred contacts each: ties on updated_at are broken by id.
    const base = Date.parse('2026-05-01T08:00:00.123Z');
    const rows = Array.from({ length: 500 }, (_, i) => ({
      ownerId: user.user.id,
      name: `Contact ${i}`,
      updatedAt: new Date(base + Math.floor(i / 100) * 60_000),
    }));
    await t.database.db.insert(contacts).values(rows);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const qs: string = cursor ? `?limit=70&cursor=${encodeURIComponent(cursor)}` : '?limit=70';
      const res = await call(t, key.secret, { method: 'GET', url: `/api/v1/contacts${qs}` });
      expect(res.statusCode, res.body).toBe(200);
      const body: { items: { id: string; updatedAt: string }[]; next_cursor: string | null } = res.json();
      seen.push(...body.items.map((c) => c.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(8);
    expect(seen).toHaveLength(500);
    expect(new Set(seen).size).toBe(500);

    const since = new Date(base + 3 * 60_000).toISOString();
    const recent = await call(t, key.secret, {
      method: 'GET',
      url: `/api/v1/contacts?limit=100&updated_since=${since}`,
    });
    expect(recent.json().items).toHaveLength(100);
    const late = await call(t, key.secret, {
      method: 'GET',
      url: `/api/v1/contacts?limit=100&updated_since=${since}&cursor=${encodeURIComponent(recent.json().next_cursor)}`,
    });
    expect(late.json()).toMatchObject({ next_cursor: null });
    expect(late.json().items).toHaveLength(100);

    const bad = await call(t, key.secret, { method: 'GET', url: '/api/v1/contacts?cursor=not-ours' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_CURSOR');
    expect(
      (await call(t, key.secret, { method: 'GET', url: '/api/v1/contacts?updated_since=yesterday' })).statusCode,
    ).toBe(400);
  });

  it('moves a record changed while paging to the end instead of losing it', async () => {
    const user = await t.signUp();
    const key = await keyFor(t, user, ['contacts:read', 'contacts:write']);
    const made = await t.database.db
      .insert(contacts)
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          ownerId: user.user.id,
          name: `C${i}`,
          updatedAt: new Date(Date.parse('2026-05-01T08:00:00Z') + i * 1000),
        })),
      )
      .returning();
    const first = (await call(t, key.secret, { method: 'GET', url: '/api/v1/contacts?limit=2' })).json();
    expect(first.items.map((c: { name: string }) => c.name)).toEqual(['C0', 'C1']);
    await call(t, key.secret, {
      method: 'PATCH',
      url: `/api/v1/contacts/${made[0].id}`,
      payload: { name: 'C0 changed' },
    });
    const rest = (
      await call(t, key.secret, { method: 'GET', url: `/api/v1/contacts?limit=10&cursor=${first.next_cursor}` })
    ).json();
    expect(rest.items.map((c: { name: string }) => c.name)).toEqual(['C2', 'C3', 'C0 changed']);
  });
});

describe('per-key rate limit', () => {
  it('counts per key across the limit with RateLimit-* headers, then 429 with Retry-After', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
    const user = await limited.signUp();
    const a = await keyFor(limited, user, ['cards:read']);
    const b = await keyFor(limited, user, ['cards:read']);
    const codes: number[] = [];
    let last = await call(limited, a.secret, { method: 'GET', url: '/api/v1/cards' });
    expect(last.headers['ratelimit-limit']).toBe('3');
    expect(last.headers['ratelimit-remaining']).toBe('2');
    expect(Number(last.headers['ratelimit-reset'])).toBeGreaterThan(0);
    codes.push(last.statusCode);
    for (let i = 0; i < 3; i += 1) {
      last = await call(limited, a.secret, { method: 'GET', url: '/api/v1/cards' });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(last.json().code).toBe('RATE_LIMITED');
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same user has its own window.
    expect((await call(limited, b.secret, { method: 'GET', url: '/api/v1/cards' })).statusCode).toBe(200);
  });

  it('is one window for two app processes on one database, and a key revoked in one fails at once in the other', async () => {
    const first = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '4' } });
    const second = await buildApp({
      config: testConfig({ API_RATE_LIMIT_PER_MINUTE: '4' }),
      database: first.database,
      mailer: new MemoryMailer(),
      serveWeb: false,
    });
    await second.ready();
    try {
      const user = await first.signUp();
      const key = await keyFor(first, user, ['cards:read']);
      const other = await keyFor(first, user, ['cards:read']);
      const get = (app: FastifyInstance, secret: string) =>
        app.inject({ method: 'GET', url: '/api/v1/cards', headers: { authorization: `Bearer ${secret}` } });
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await get(i % 2 === 0 ? first.app : second, key.secret)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);

      expect((await get(second, other.secret)).statusCode).toBe(200);
      await first.inject({ method: 'DELETE', url: `/api/api-keys/${other.id}`, as: user });
      const refused = await get(second, other.secret);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('API_KEY_REVOKED');
    } finally {
      await second.close();
    }
  });
});

describe('listings through the API', () => {
  it('wait for review like the app’s, and an edit of an approved listing waits as a revision', async () => {
    const user = await t.signUp(broker);
    const key = await keyFor(t, user, ['listings:read', 'listings:write']);
    const created = await call(t, key.secret, {
      method: 'POST',
      url: '/api/v1/listings',
      payload: {
        title: 'Studio in JLT',
        propertyType: 'apartment',
        status: 'for_rent',
        price: 60_000,
        city: 'Dubai',
        permitNumber: '7112345670',
        permitExpiresOn: '2099-12-31',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ approvalStatus: 'pending', userId: user.user.id });
    await t.database.db.update(properties).set({ isApproved: true }).where(eq(properties.id, created.json().id));
    const edited = await call(t, key.secret, {
      method: 'PATCH',
      url: `/api/v1/listings/${created.json().id}`,
      payload: { price: 55_000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      approvalStatus: 'approved',
      price: 60_000,
      pendingRevision: { price: 55_000 },
    });
    const investor = await t.signUp({ role: 'investor' });
    const investorKey = await keyFor(t, investor, ['listings:write']);
    const refused = await call(t, investorKey.secret, {
      method: 'POST',
      url: '/api/v1/listings',
      payload: {
        title: 'Apartment for rent in JLT',
        propertyType: 'apartment',
        status: 'for_rent',
        price: 1,
        city: 'Dubai',
        permitNumber: '7112345670',
        permitExpiresOn: '2099-12-31',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('LISTING_ROLE_REQUIRED');
  });
});
