/**
 * Ways into an account that outlived the change that should have closed them, replayed as an
 * outside audit ran them: an old reset link after an e-mail change, a pending e-mail change
 * after the account was deleted, and a brokerage left without anyone to run it.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';

const t = await createTestApp();
let ip = 10;
const nextIp = () => `198.51.100.${++ip}`;
const NEW_PASSWORD = 'Sapphire-Dune-Harbour-41';

const changeEmail = (u: TestUser, email: string) =>
  t.inject({
    method: 'PATCH',
    url: '/api/auth/profile',
    as: u,
    payload: { firstName: u.user.firstName, lastName: u.user.lastName, email, currentPassword: u.password },
  });
const confirmLink = (email: string) => t.mailer.lastTo(email)?.text.match(/confirm-email\?token=([\w-]+)/)?.[1];
const confirm = (token: string) =>
  t.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } });

describe('an e-mail change closes the old mailbox’s way in', () => {
  it('forgot-password → change e-mail → confirm: the old reset link no longer resets', async () => {
    const u = await t.signUp();
    const resetMail = t.mailer.next((m) => m.to === u.user.email && /reset-password/.test(m.text));
    const asked = await t.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.user.email },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBe(200);
    const resetToken = (await resetMail).text.match(/reset-password\?token=([\w-]+)/)?.[1] as string;
    expect(resetToken).toBeTruthy();

    const moved = `moved.${u.user.id.slice(0, 8)}@example.com`;
    expect((await changeEmail(u, moved)).statusCode).toBe(200);
    await t.mailer.settle();
    expect((await confirm(confirmLink(moved) as string)).statusCode).toBe(200);

    const reset = await t.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(400);
    // The owner is still signed in and the password is unchanged.
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).statusCode).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: moved, password: u.password },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('account deletion leaves nothing behind', () => {
  it('a pending e-mail-change link confirmed after deletion fails, and the address stays free to sign up', async () => {
    const u = await t.signUp();
    const wanted = `wanted.${u.user.id.slice(0, 8)}@example.com`;
    expect((await changeEmail(u, wanted)).statusCode).toBe(200);
    await t.mailer.settle();
    const token = confirmLink(wanted) as string;
    expect(token).toBeTruthy();
    const gone = await t.inject({
      method: 'DELETE',
      url: '/api/account',
      as: u,
      payload: { confirmEmail: u.user.email },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
    const signUp = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: wanted,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        firstName: 'Nadia',
        lastName: 'Fresh',
        phoneNumber: '50 123 4567',
        countryCode: '+971',
      },
      remoteAddress: nextIp(),
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
  });

  it('the only owner of a brokerage with members must hand it over first; alone, the brokerage goes and its ORN is free', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/brokerages',
      as: owner,
      payload: { name: 'Last Owner Realty', ornNumber: '88123', tradeLicenceNumber: 'DED-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const brokerage = created.json().brokerage as { id: string; slug: string };

    // A member joins through an invitation.
    const member = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const inv = await t.inject({
      method: 'POST',
      url: `/api/brokerages/${brokerage.id}/invitations`,
      as: owner,
      payload: { email: member.user.email },
    });
    expect(inv.statusCode, inv.body).toBe(201);
    await t.mailer.settle();
    const invToken = t.mailer.lastTo(member.user.email)?.text.match(/brokerages\/invitations\/([\w-]+)/)?.[1];
    const joined = await t.inject({
      method: 'POST',
      url: `/api/brokerages/invitations/${invToken}/accept`,
      as: member,
    });
    expect(joined.statusCode, joined.body).toBe(200);

    const del = (u: TestUser) =>
      t.inject({ method: 'DELETE', url: '/api/account', as: u, payload: { confirmEmail: u.user.email } });
    const refused = await del(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LAST_OWNER');
    // Nothing was deleted: the owner still signs in.
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: owner })).statusCode).toBe(200);

    // The member leaves; now the owner is alone and may go, and the brokerage goes too.
    const left = await t.inject({ method: 'POST', url: `/api/brokerages/${brokerage.id}/leave`, as: member });
    expect(left.statusCode, left.body).toBe(204);
    expect((await del(owner)).statusCode).toBe(200);
    const page = await t.inject({ method: 'GET', url: `/api/brokerages/${brokerage.slug}` });
    expect(page.statusCode).toBe(404);

    // The ORN is free for the real brokerage.
    const other = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const again = await t.inject({
      method: 'POST',
      url: '/api/brokerages',
      as: other,
      payload: { name: 'Real Owner Realty', ornNumber: '88123', tradeLicenceNumber: 'DED-2' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('e-mail a user makes us send to an address they typed', () => {
  it('an e-mail-change confirmation reaches one inbox at most 3 times an hour, whoever asks', async () => {
    const target = 'flooded.inbox@example.com';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await changeEmail(await t.signUp(), target)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    await t.mailer.settle();
    expect(t.mailer.sent.filter((m) => m.to === target)).toHaveLength(3);
  });
});
