/**
 * API keys on the settings routes: the secret is answered once and stored only as a hash, keys
 * are listed without it, revoked at once; brokerage keys only by the brokerage's owner or a
 * manager; the audit log names the key a change came through.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createTestBrokerage } from '../../../../tests/helpers/brokerage';
import { auditLog } from '../../db/schema';
import { apiKeys } from './schema';
import { generateSecret } from './service';

let clock = new Date('2026-06-01T10:00:00Z');
const t = await createTestApp({ now: () => clock });
const broker = { role: 'real_estate_broker', subscriptionStatus: 'active' } as const;

async function makeKey(as: TestUser, payload: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: '/api/api-keys', as, payload });
}

describe('API key secrets', () => {
  it('are bq_live_ and at least 32 base62 characters, different every time', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^bq_live_[0-9A-Za-z]{32,}$/);
    expect(a).not.toBe(b);
  });
});

describe('API key settings routes', () => {
  it('answers the secret once, stores only its SHA-256, and lists the key without it', async () => {
    const user = await t.signUp(broker);
    const res = await makeKey(user, { name: 'Zapier', scopes: ['contacts:read', 'contacts:read', 'leads:read'] });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created.secret).toMatch(/^bq_live_[0-9A-Za-z]{40}$/);
    expect(created.scopes).toEqual(['contacts:read', 'leads:read']);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.secretHash).toBe(crypto.createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = await t.inject({ method: 'GET', url: '/api/api-keys', as: user });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: created.id, name: 'Zapier', prefix: created.prefix, lastUsedAt: null }),
    ]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'api_key.create')));
    expect(entry.actorId).toBe(user.user.id);
  });

  it('refuses a key without a name or scopes, an unknown scope, and an expiry in the past', async () => {
    const user = await t.signUp();
    const bad = await makeKey(user, { name: '', scopes: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name']));
    expect((await makeKey(user, { name: 'x', scopes: ['admin:all'] })).statusCode).toBe(400);
    const past = await makeKey(user, { name: 'x', scopes: ['cards:read'], expiresOn: '2026-05-31' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.expiresOn).toBeTruthy();
    const ok = await makeKey(user, { name: 'x', scopes: ['cards:read'], expiresOn: '2026-06-30' });
    expect(ok.json().expiresAt).toBe('2026-06-30T23:59:59.999Z');
  });

  it('lets only the key’s user revoke a personal key; another user gets 404', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const { id } = (await makeKey(user, { name: 'CRM', scopes: ['cards:read'] })).json();
    expect((await t.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, as: other })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/api-keys', as: other })).json().items).toEqual([]);
    expect((await t.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, as: user })).statusCode).toBe(204);
    expect((await t.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, as: user })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/api-keys', as: user })).json().items).toEqual([]);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.revokedAt?.toISOString()).toBe(clock.toISOString());
  });

  it('lets a brokerage’s owner and managers make and revoke its keys, not its members', async () => {
    const owner = await t.signUp(broker);
    const manager = await t.signUp(broker);
    const member = await t.signUp(broker);
    const brokerage = await createTestBrokerage(t, { owner, managers: [manager], members: [member] });
    const byMember = await makeKey(member, { name: 'Team', scopes: ['leads:read'], brokerageId: brokerage.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('NOT_BROKERAGE_MANAGER');
    expect((await t.inject({ method: 'GET', url: '/api/api-keys', as: member })).json().manageableBrokerage).toBeNull();

    const made = await makeKey(manager, { name: 'Team', scopes: ['leads:read'], brokerageId: brokerage.id });
    expect(made.statusCode).toBe(201);
    expect(made.json().brokerage).toEqual({ id: brokerage.id, name: brokerage.name });
    const ownersView = (await t.inject({ method: 'GET', url: '/api/api-keys', as: owner })).json();
    expect(ownersView.manageableBrokerage).toEqual({ id: brokerage.id, name: brokerage.name });
    expect(ownersView.items.map((k: { id: string }) => k.id)).toEqual([made.json().id]);
    expect((await t.inject({ method: 'DELETE', url: `/api/api-keys/${made.json().id}`, as: member })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'DELETE', url: `/api/api-keys/${made.json().id}`, as: owner })).statusCode).toBe(
      204,
    );
  });

  it('is for signed-in users only, and a key does not open it', async () => {
    const user = await t.signUp();
    const { secret } = (await makeKey(user, { name: 'All', scopes: ['cards:read', 'webhooks:manage'] })).json();
    expect((await t.inject({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
    const withKey = await t.inject({
      method: 'GET',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(withKey.statusCode).toBe(401);
    const making = await t.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${secret}` },
      payload: { name: 'More', scopes: ['cards:read'] },
    });
    expect(making.statusCode).toBe(401);
    clock = new Date(clock.getTime() + 1000);
  });
});
