/** /health/live and /health/ready for load balancers. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../../tests/helpers/app';

describe('health checks', () => {
  it('is live and ready on a migrated database', async () => {
    const t = await createTestApp();
    const live = await t.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while the newest migration is missing, and says so', async () => {
    const t = await createTestApp();
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await t.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database migrations are not applied' });
    expect((await t.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('is not ready when the database cannot be reached, while still live', async () => {
    const t = await createTestApp();
    await t.database.end();
    const ready = await t.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
    expect((await t.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});
