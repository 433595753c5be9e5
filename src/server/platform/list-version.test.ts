/**
 * The list version kept in memory, pushed by NOTIFY. Cached public answers stay correct:
 * a write answered by this process shows at once, a write of another process shows when its
 * notification arrives, and nothing is trusted while notifications cannot arrive.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../tests/helpers/app';
import { createCard, createOwner } from '../../../tests/helpers/discovery';
import type { Database } from '../db/client';
import { businessCards } from '../db/schema';
import { readListVersion, watchListVersion } from './list-version';

const quiet = { info() {}, warn() {} };

/** A database whose listener the test drives: notifications and connection state by hand. */
function fakeDatabase() {
  const hooks: { notify?: (p: string | undefined) => void; state?: (up: boolean) => void } = {};
  const database = {
    async listen(
      _channel: string,
      onNotify: (p: string | undefined) => void,
      _log: unknown,
      state?: (up: boolean) => void,
    ) {
      hooks.notify = onNotify;
      hooks.state = state;
      return async () => {};
    },
  } as unknown as Database;
  return { database, hooks };
}

describe('the list version in memory', () => {
  it('reads once, then answers from memory and follows notifications', async () => {
    const { database, hooks } = fakeDatabase();
    let stored = 7;
    const v = await watchListVersion(database, { push: true, log: quiet, read: async () => stored });
    hooks.state?.(true);
    expect(await v.current()).toBe(7);
    expect(await v.current()).toBe(7);
    expect(v.stats()).toEqual({ fromMemory: 1, fromDatabase: 1 });
    stored = 9;
    hooks.notify?.('9');
    expect(await v.current()).toBe(9);
    expect(v.stats().fromDatabase).toBe(1);
  });

  it('reads again after a local write, while the listener is down, and once after it came back', async () => {
    const { database, hooks } = fakeDatabase();
    let stored = 1;
    const v = await watchListVersion(database, { push: true, log: quiet, read: async () => stored });
    hooks.state?.(true);
    await v.current();
    stored = 2;
    v.suspect();
    expect(await v.current()).toBe(2);
    hooks.state?.(false);
    stored = 3;
    expect(await v.current()).toBe(3);
    stored = 4;
    expect(await v.current()).toBe(4);
    hooks.state?.(true);
    hooks.notify?.(undefined); // reconnected: notifications may have been missed
    stored = 5;
    expect(await v.current()).toBe(5);
    expect(await v.current()).toBe(5);
    expect(v.stats()).toEqual({ fromMemory: 1, fromDatabase: 5 });
  });

  it('does not trust a read that started before a local write', async () => {
    const { database, hooks } = fakeDatabase();
    let release: (n: number) => void = () => {};
    let reads = 0;
    const v = await watchListVersion(database, {
      push: true,
      log: quiet,
      read: () => {
        reads++;
        return new Promise<number>((resolve) => {
          release = resolve;
        });
      },
    });
    hooks.state?.(true);
    const first = v.current();
    v.suspect(); // a write commits while the read is on its way
    release(1);
    expect(await first).toBe(1);
    const second = v.current();
    release(2);
    expect(await second).toBe(2);
    expect(reads).toBe(2);
  });

  it('never trusts memory without push', async () => {
    const { database } = fakeDatabase();
    let stored = 1;
    const v = await watchListVersion(database, { push: false, log: quiet, read: async () => stored++ });
    expect([await v.current(), await v.current()]).toEqual([1, 2]);
  });
});

describe('cached public cards with the version pushed by the database', () => {
  it('hides a card at once after its owner deletes it here, and after another process hides it', async () => {
    const t = await createTestApp({ env: { LIST_VERSION_PUSH: 'true' } });
    const db = t.database.db;
    const versions = t.app.ctx.listVersion;
    const owner = await t.signUp({ role: 'investor' });
    const other = await createOwner(db, { role: 'investor' });
    const mine = await createCard(db, owner.user.id, { status: 'approved', isPublic: true });
    const theirs = await createCard(db, other.id, { status: 'approved', isPublic: true });
    await versions.reached(await readListVersion(db));

    const open = (id: string) => t.inject({ method: 'GET', url: `/api/business-cards/${id}` });
    expect((await open(mine.id)).statusCode).toBe(200);
    const before = versions.stats();
    expect((await open(mine.id)).statusCode).toBe(200);
    expect(versions.stats().fromMemory).toBeGreaterThan(before.fromMemory);
    expect(versions.stats().fromDatabase).toBe(before.fromDatabase);

    // A write answered by this process: the very next request sees it.
    const del = await t.inject({ method: 'DELETE', url: `/api/business-cards/${mine.id}`, as: owner });
    expect(del.statusCode).toBe(204);
    expect((await open(mine.id)).statusCode).toBe(404);

    // Another process's write arrives as a notification, then shows.
    expect((await open(theirs.id)).statusCode).toBe(200);
    await db.update(businessCards).set({ isPublic: false }).where(eq(businessCards.id, theirs.id));
    await versions.reached(await readListVersion(db));
    expect((await open(theirs.id)).statusCode).toBe(404);
  });
});
