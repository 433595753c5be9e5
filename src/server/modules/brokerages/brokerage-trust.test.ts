/**
 * Attacks on brokerages as an outside audit ran them: invitations used as a phishing channel
 * from our no-reply address, and a verified brokerage renamed into another brand.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limits';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';

const t = await createTestApp();

let orn = 71_000;
const broker = () => t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });

async function createBrokerage(owner: TestUser, name: string) {
  orn += 1;
  const res = await t.inject({
    method: 'POST',
    url: '/api/brokerages',
    as: owner,
    payload: { name, ornNumber: String(orn), tradeLicenceNumber: 'DED-778812' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().brokerage as { id: string };
}

const invite = (as: TestUser, id: string, email: string) =>
  t.inject({ method: 'POST', url: `/api/brokerages/${id}/invitations`, as, payload: { email } });

describe('invitations are not a phishing channel', () => {
  it('an unverified, unpaid brokerage inviting one address 25 times sends 3 e-mails, with no link but ours', async () => {
    const owner = await broker();
    const brokerage = await createBrokerage(owner, 'Bitaqa Support: verify your account at http://evil.example');
    const target = 'victim.one@example.com';
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await invite(owner, brokerage.id, target)).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.slice(3).every((c) => c === 429)).toBe(true);
    await t.mailer.settle();
    const mails = t.mailer.sent.filter((m) => m.to === target);
    expect(mails).toHaveLength(3);
    for (const m of mails) {
      // The name is shown as the sender wrote it, but never as a link; our own link is.
      expect(m.html).toContain('http://evil.example');
      expect(m.html).not.toMatch(/<a [^>]*href="http:\/\/evil\.example/);
      expect(m.html).toMatch(/<a href="[^"]*\/brokerages\/invitations\/[A-Za-z0-9_-]+" dir="ltr">/);
    }
  });

  it('an unverified, unpaid brokerage sends only a handful of invitations in all', async () => {
    const owner = await broker();
    const brokerage = await createBrokerage(owner, 'Handful Homes');
    const codes: number[] = [];
    for (let i = 0; i < LIMITS.unverifiedBrokerageInvitations + 3; i++) {
      codes.push((await invite(owner, brokerage.id, `colleague.${i}@example.com`)).statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(LIMITS.unverifiedBrokerageInvitations);
    const refused = await invite(owner, brokerage.id, 'one.more@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BROKERAGE_NOT_VERIFIED');
  });

  it('once the admin verifies the ORN, the brokerage may invite past the handful', async () => {
    const owner = await broker();
    const brokerage = await createBrokerage(owner, 'Verified Vistas');
    const admin = await t.signInAdmin();
    const ok = await t.inject({
      method: 'PATCH',
      url: `/api/admin/brokerages/${brokerage.id}/orn`,
      as: admin,
      payload: { verified: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    for (let i = 0; i < LIMITS.unverifiedBrokerageInvitations + 2; i++) {
      const res = await invite(owner, brokerage.id, `vv.${i}@example.com`);
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('a user-written URL in any e-mail template stays plain text', async () => {
    const { renderMail } = await import('../../platform/mail/templates');
    const m = renderMail('brokerageInvitation', 'en', {
      inviter: 'Security Team https://evil.example/login',
      brokerage: 'Bitaqa Support',
      role: 'member',
      link: 'https://bitaqa.test/brokerages/invitations/abc',
      days: 7,
    });
    expect(m.html).not.toContain('href="https://evil.example');
    expect(m.html).toContain('href="https://bitaqa.test/brokerages/invitations/abc"');
  });
});

describe('a verified brokerage renamed', () => {
  it('loses its verification when its English or Arabic name changes, and keeps it for other edits', async () => {
    const owner = await broker();
    const brokerage = await createBrokerage(owner, 'Small Bay Realty');
    const admin = await t.signInAdmin();
    const verify = () =>
      t.inject({
        method: 'PATCH',
        url: `/api/admin/brokerages/${brokerage.id}/orn`,
        as: admin,
        payload: { verified: true },
      });
    expect((await verify()).statusCode).toBe(200);

    const colours = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${brokerage.id}`,
      as: owner,
      payload: { primaryColor: '#0F4C81', name: 'small bay realty ' },
    });
    expect(colours.statusCode, colours.body).toBe(200);
    expect(colours.json().ornVerified).toBe(true);

    const renamed = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${brokerage.id}`,
      as: owner,
      payload: { name: 'Emaar Properties Official' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().ornVerified).toBe(false);

    expect((await verify()).statusCode).toBe(200);
    const arabic = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${brokerage.id}`,
      as: owner,
      payload: { nameAr: 'إعمار العقارية' },
    });
    expect(arabic.statusCode, arabic.body).toBe(200);
    expect(arabic.json().ornVerified).toBe(false);
  });
});
