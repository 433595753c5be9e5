/**
 * The settings page's webhook routes: only the signed-in owner (or, for brokerage endpoints, the
 * brokerage's owner or a manager) sees and changes an endpoint; everyone else gets a 404. A lead
 * sent to a card reaches both the card owner's endpoint and the brokerage's, signed.
 */
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { usePostgres } from '../../../../tests/helpers/test-db';
import { createTestBrokerage } from '../../../../tests/helpers/brokerage';
import { addressSequence, approvedCardFor } from '../../../../tests/helpers/cards';
import { webhookWorkerOf } from './index';

// On PostgreSQL the deliveries run in the app's delivery thread, as in production.
const t = await createTestApp({
  env: { WEBHOOK_ALLOW_PRIVATE: 'true', ...(usePostgres ? { DELIVERY_WORKER: 'thread' } : {}) },
});
const freshIp = addressSequence(31);
expect(webhookWorkerOf(t.app.ctx)?.constructor.name).toBe(usePostgres ? 'ThreadedWebhookWorker' : 'WebhookWorker');
const broker = { role: 'real_estate_broker', subscriptionStatus: 'active' } as const;

const bodies: { path: string; body: Record<string, unknown> }[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    bodies.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    res.end('ok');
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
afterAll(() => server.close());

describe('webhook session routes', () => {
  it('lets only the owner see, test and delete an endpoint', async () => {
    const owner = await t.signUp(broker);
    const stranger = await t.signUp(broker);
    const anon = await t.inject({ method: 'GET', url: '/api/webhooks' });
    expect(anon.statusCode).toBe(401);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/webhooks',
      as: owner,
      payload: { url: 'nope', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    const made = await t.inject({
      method: 'POST',
      url: '/api/webhooks',
      as: owner,
      payload: { url: `${base}/mine`, events: ['lead.created'] },
    });
    expect(made.statusCode).toBe(201);
    const ep = made.json();
    expect(ep.secret).toMatch(/^whsec_/);
    const listed = await t.inject({ method: 'GET', url: '/api/webhooks', as: owner });
    expect(listed.json().items).toHaveLength(1);
    expect(listed.json().items[0].secret).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/api/webhooks', as: stranger })).json().items).toHaveLength(0);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${ep.id}`],
      ['GET', `/api/webhooks/${ep.id}/deliveries`],
      ['POST', `/api/webhooks/${ep.id}/test`],
      ['DELETE', `/api/webhooks/${ep.id}`],
    ] as const) {
      expect((await t.inject({ method, url, as: stranger })).statusCode, `${method} ${url}`).toBe(404);
    }
    // Not in a brokerage: the brokerage scope does not exist for them.
    expect((await t.inject({ method: 'GET', url: '/api/webhooks?scope=brokerage', as: stranger })).statusCode).toBe(
      404,
    );

    const test = await t.inject({ method: 'POST', url: `/api/webhooks/${ep.id}/test`, as: owner });
    expect(test.statusCode).toBe(200);
    await webhookWorkerOf(t.app.ctx)?.drain();
    expect(bodies.some((b) => b.path === '/mine' && b.body.type === 'test')).toBe(true);
    const log = await t.inject({ method: 'GET', url: `/api/webhooks/${ep.id}/deliveries`, as: owner });
    expect(log.json().items[0]).toMatchObject({ status: 'delivered', responseCode: 200, eventType: 'test' });
    const retry = await t.inject({
      method: 'POST',
      url: `/api/webhooks/${ep.id}/deliveries/${log.json().items[0].id}/retry`,
      as: owner,
    });
    expect(retry.json()).toMatchObject({ status: 'pending' });
    expect((await t.inject({ method: 'DELETE', url: `/api/webhooks/${ep.id}`, as: owner })).statusCode).toBe(204);
  });

  it('sends a new lead to the card owner and to the brokerage, and team changes to the brokerage', async () => {
    const owner = await t.signUp(broker);
    const member = await t.signUp(broker);
    const b = await createTestBrokerage(t, { owner, members: [member] });
    const memberOnly = await t.inject({ method: 'GET', url: '/api/webhooks?scope=brokerage', as: member });
    expect(memberOnly.statusCode).toBe(404);
    const team = await t.inject({
      method: 'POST',
      url: '/api/webhooks?scope=brokerage',
      as: owner,
      payload: { url: `${base}/team`, events: ['lead.created', 'lead.updated'] },
    });
    expect(team.statusCode).toBe(201);
    await t.inject({
      method: 'POST',
      url: '/api/webhooks',
      as: member,
      payload: { url: `${base}/member`, events: ['lead.created'] },
    });
    const card = await approvedCardFor(t, member);
    const sent = await t.inject({
      method: 'POST',
      url: `/api/business-cards/${card.id}/inquiries`,
      remoteAddress: freshIp(),
      payload: {
        inquirerName: 'Visitor',
        inquirerEmail: 'v@example.com',
        inquiryType: 'buying',
        message: 'Villa?',
        consent: true,
      },
    });
    expect(sent.statusCode).toBe(201);
    await webhookWorkerOf(t.app.ctx)?.drain();
    const forTeam = bodies.find((x) => x.path === '/team' && x.body.type === 'lead.created');
    const forMember = bodies.find((x) => x.path === '/member' && x.body.type === 'lead.created');
    expect(forTeam?.body.data).toMatchObject({ lead: { name: 'Visitor', message: 'Villa?', brokerage_id: b.id } });
    expect(forMember?.body.id).toBe(forTeam?.body.id);
    const leadId = String((forTeam?.body.data as { lead?: { id: string } } | undefined)?.lead?.id);
    const patched = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${b.id}/leads/${leadId}`,
      as: owner,
      payload: { status: 'contacted' },
    });
    expect(patched.statusCode).toBe(200);
    await webhookWorkerOf(t.app.ctx)?.drain();
    expect(bodies.find((x) => x.path === '/team' && x.body.type === 'lead.updated')?.body.data).toMatchObject({
      lead: { id: leadId, status: 'contacted' },
    });
  });
});
