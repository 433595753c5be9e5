import { describe, expect, it } from 'vitest';
import { seedConversations } from '../../db/seed/conversations';
import { createRandom } from '../../db/seed/random';
import { DEMO_PASSWORD, NAMED_DEMO_ACCOUNTS, seedUsers } from '../../db/seed/users';
import { cookiesFrom, createTestApp } from '../../../../tests/helpers/app';

const t = await createTestApp();

describe('demo conversations', () => {
  it('gives the named demo broker conversations with unread messages', async () => {
    const rnd = createRandom();
    const demoUsers = await seedUsers(t.database.db, rnd);
    await seedConversations(t.app.ctx, { users: demoUsers, rnd });

    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: NAMED_DEMO_ACCOUNTS.broker, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookies = cookiesFrom(login);
    const list = (await t.inject({ method: 'GET', url: '/api/conversations', cookies })).json();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list[0].participant1.firstName === 'Ahmed' || list[0].participant2.firstName === 'Ahmed').toBe(true);
    const unread = (await t.inject({ method: 'GET', url: '/api/messages/unread-count', cookies })).json();
    expect(unread.count).toBe(4); // Carlos 2, Tariq 1, Mariam 1
    const messages = (
      await t.inject({ method: 'GET', url: `/api/conversations/${list[0].id}/messages`, cookies })
    ).json();
    expect(messages.length).toBeGreaterThan(1);
    const times = messages.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });
});
