/**
 * The session and its user are read in one query. Whatever happened to the user between
 * two requests — a role change, a suspension, a deletion, made by another process straight in the
 * database — shows on the very next request: nothing is kept from one request to the next.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp } from '../../../tests/helpers/app';

const t = await createTestApp();

const me = (as: Awaited<ReturnType<typeof t.signUp>>) => t.inject({ method: 'GET', url: '/api/auth/user', as });

describe('the session’s user', () => {
  it('is read afresh with every request', async () => {
    const u = await t.signUp({ role: 'investor' });
    expect((await me(u)).json()).toMatchObject({ id: u.user.id, role: 'investor' });

    await t.database.db.update(users).set({ role: 'real_estate_developer' }).where(eq(users.id, u.user.id));
    expect((await me(u)).json()).toMatchObject({ role: 'real_estate_developer' });

    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, u.user.id));
    expect((await me(u)).statusCode).toBe(401);

    await t.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, u.user.id));
    expect((await me(u)).statusCode).toBe(200);

    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, u.user.id));
    expect((await me(u)).statusCode).toBe(401);
  });

  it('is nobody once the session is gone, and another user’s session shows that user', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await me(a)).json()).toMatchObject({ id: a.user.id });
    expect((await me(b)).json()).toMatchObject({ id: b.user.id });
    expect((await t.inject({ method: 'POST', url: '/api/logout', as: a })).statusCode).toBeLessThan(400);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).json()).toMatchObject({ id: b.user.id });
  });
});
