/**
 * Per-account count limits hold under a burst of parallel creates. Each create counts the owner's
 * rows and then inserts; without serialising one owner's creates, 40 requests sent at once all
 * read a count below the limit and all insert (25 services were created against a limit of 20).
 * Every case sends 40 creates at once and expects exactly the limit to exist afterwards, every
 * other answer being the limit's own 409 with its message. Runs on PGlite and PostgreSQL.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits';
import { SERVICE_LIMITS } from '../../core/schemas/services';
import { CONTACT_LIMITS } from '../../core/schemas/contacts';
import { WEBHOOK_LIMITS } from '../../core/schemas/webhooks';
import {
  brokerageInvitations,
  businessServices,
  contacts,
  messageTemplates,
  properties,
  webhookEndpoints,
} from '../db/schema';
import { createTestApp, type TestUser } from '../../../tests/helpers/app';
import { createTestBrokerage } from '../../../tests/helpers/brokerage';
import { CONTACTS_PER_USER_MAX } from './contacts/service';
import { LISTINGS_PER_USER } from './properties/service';

// The daily invitation allowances (20 per sender) would answer 429 before the count limit this
// file is about is reached; scaled up, the count limit is what refuses.
const t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', RATE_LIMIT_SCALE: '10' } });
const { db } = t.database;

const PARALLEL = 40;

/** Sends `PARALLEL` creates at once; answers the status counts and the 409 messages. */
async function burst(as: TestUser, url: string, payload: (i: number) => object) {
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => t.inject({ method: 'POST', url, payload: payload(i), as })),
  );
  const statuses = answers.map((a) => a.statusCode);
  const refusals = answers
    .filter((a) => a.statusCode === 409)
    .map((a) => a.json() as { code: string; message: string });
  return { statuses, refusals };
}

function expectLimitHeld(result: Awaited<ReturnType<typeof burst>>, created: number, code: string, message: RegExp) {
  expect(result.statuses.filter((s) => s === 201)).toHaveLength(created);
  expect(result.statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - created);
  for (const r of result.refusals) {
    expect(r.code).toBe(code);
    expect(r.message).toMatch(message);
  }
}

describe('count limits under 40 parallel creates', () => {
  it('services: exactly the per-account limit is created, the rest answer 409 TOO_MANY_SERVICES', async () => {
    const user = await t.signUp({ role: 'investor' });
    const result = await burst(user, '/api/services', (i) => ({
      name: `Parallel service ${i}`,
      provider: 'Burst Provider',
      serviceType: 'company',
      category: 'Legal & Professional',
      description: 'Created in a burst of parallel requests.',
    }));
    expectLimitHeld(result, SERVICE_LIMITS.perUser, 'TOO_MANY_SERVICES', /at most 20 services/);
    const [{ n }] = await db
      .select({ n: count() })
      .from(businessServices)
      .where(eq(businessServices.createdBy, user.user.id));
    expect(n).toBe(SERVICE_LIMITS.perUser);
  });

  it('properties: 20 below the limit, exactly 20 more are created, the rest answer 409 TOO_MANY_LISTINGS', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const room = 20;
    await db.execute(sql`
      insert into properties (user_id, title, property_type, status, price)
      select ${broker.user.id}, 'Existing listing ' || g, 'apartment', 'for_sale', 1000000
      from generate_series(1, ${LISTINGS_PER_USER - room}) g`);
    const result = await burst(broker, '/api/properties', (i) => ({
      title: `Parallel listing number ${i}`,
      description: 'Created in a burst.',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_000_000 + i,
      city: 'Dubai',
      permitNumber: '7112345678',
      permitExpiresOn: '2099-12-31',
    }));
    expectLimitHeld(result, room, 'TOO_MANY_LISTINGS', /at most 500 listings/);
    const [{ n }] = await db.select({ n: count() }).from(properties).where(eq(properties.userId, broker.user.id));
    expect(n).toBe(LISTINGS_PER_USER);
  });

  it('contacts: 20 below the limit, exactly 20 more are created, the rest answer 409 CONTACT_LIMIT', async () => {
    const user = await t.signUp({ role: 'real_estate_broker' });
    const room = 20;
    await db.execute(sql`
      insert into contacts (owner_id, name, source)
      select ${user.user.id}, 'Existing contact ' || g, 'manual'
      from generate_series(1, ${CONTACTS_PER_USER_MAX - room}) g`);
    const result = await burst(user, '/api/contacts', (i) => ({ name: `Parallel contact ${i}` }));
    expectLimitHeld(result, room, 'CONTACT_LIMIT', /at most 20,000 contacts/);
    const [{ n }] = await db.select({ n: count() }).from(contacts).where(eq(contacts.ownerId, user.user.id));
    expect(n).toBe(CONTACTS_PER_USER_MAX);
  });

  it('message templates: exactly the limit is created, the rest answer 409 TEMPLATE_LIMIT', async () => {
    const user = await t.signUp({ role: 'real_estate_broker' });
    const result = await burst(user, '/api/message-templates', (i) => ({
      name: `Template ${i}`,
      lang: 'en',
      body: 'Hello {name}, nice to meet you.',
    }));
    expectLimitHeld(result, CONTACT_LIMITS.templatesMax, 'TEMPLATE_LIMIT', /at most 30 templates/);
    const [{ n }] = await db
      .select({ n: count() })
      .from(messageTemplates)
      .where(eq(messageTemplates.ownerId, user.user.id));
    expect(n).toBe(CONTACT_LIMITS.templatesMax);
  });

  it('webhook endpoints: exactly the limit is created, the rest answer 409 WEBHOOK_LIMIT', async () => {
    const user = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const result = await burst(user, '/api/webhooks', (i) => ({
      url: `http://127.0.0.1:9/hook-${i}`,
      events: ['lead.created'],
    }));
    expectLimitHeld(result, WEBHOOK_LIMITS.endpointsMax, 'WEBHOOK_LIMIT', /At most 20 webhook endpoints/);
    const [{ n }] = await db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, user.user.id));
    expect(n).toBe(WEBHOOK_LIMITS.endpointsMax);
  });

  it('brokerage invitations: 20 below the open-invitation cap, exactly 20 more are sent, the rest answer 409 INVITATION_LIMIT', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const b = await createTestBrokerage(t, { owner });
    // Verified: a new brokerage sends only a handful of invitations before that.
    await db.execute(sql`update brokerages set orn_verified = true where id = ${b.id}`);
    const room = 20;
    await db.execute(sql`
      insert into brokerage_invitations (brokerage_id, email, role, token_hash, invited_by_id, expires_at)
      select ${b.id}, 'open' || g || '@example.com', 'member', md5(g::text), ${owner.user.id}, now() + interval '7 days'
      from generate_series(1, ${LIMITS.brokerageOpenInvitationsMax - room}) g`);
    const result = await burst(owner, `/api/brokerages/${b.id}/invitations`, (i) => ({
      email: `parallel${i}@example.com`,
      role: 'member',
    }));
    expectLimitHeld(result, room, 'INVITATION_LIMIT', /at most 100 open invitations/);
    const [{ n }] = await db
      .select({ n: count() })
      .from(brokerageInvitations)
      .where(and(eq(brokerageInvitations.brokerageId, b.id), isNull(brokerageInvitations.revokedAt)));
    expect(n).toBe(LIMITS.brokerageOpenInvitationsMax);
    // Inviting an address again replaces its open invitation, so it is allowed at the cap.
    const again = await t.inject({
      method: 'POST',
      url: `/api/brokerages/${b.id}/invitations`,
      payload: { email: 'open1@example.com', role: 'member' },
      as: owner,
    });
    expect(again.statusCode).toBe(201);
  });
});
