/**
 * The server side of `npm run bench:http`, started as its own process so the load
 * generator does not share its event loop. BENCH_ROLE=bare: a bare Fastify hello-world, the
 * yardstick of the ratios (in a process of its own: embedded PGlite runs on the app's thread).
 * Otherwise the real app with NODE_ENV=production on the given database, filled once:
 * PostgreSQL and BENCH_PGLITE_DATA=bench get the bench data set (25,000 cards, 100,000 listings),
 * plain PGlite the demo data (the embedded target). Prints one line
 * `BENCH { port, cardId, fillMs }` once it listens.
 *
 *   BENCH_DB=postgres BENCH_DATABASE_URL=postgres://… | BENCH_DB=pglite BENCH_PGLITE_DIR=/path
 *   BENCH_LIST_CACHE=off  (no list cache: every request reaches the database)
 */
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { businessCards, users } from '../src/server/db/schema';
import { seedDemo } from '../src/server/db/seed';
import { listedCard } from '../src/server/modules/directory/repository';
import { benchFilled, fillBenchData } from './bench-data';
import { hashPassword } from '../src/server/modules/auth/passwords';

const portOf = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;

async function bare() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`BENCH ${JSON.stringify({ port: portOf(app) })}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** A signed-in visitor for the signed-in routes: a user of its own, through the real login. */
async function signIn(app: Awaited<ReturnType<typeof buildApp>>, db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const email = 'bench.signed-in@bitaqa.bench';
  const password = 'Bench-signed-in-1';
  await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Bench',
      lastName: 'Visitor',
      phoneNumber: '501234567',
      countryCode: '+971',
      role: 'investor',
      roleChosen: true,
      isEmailVerified: true,
    })
    .onConflictDoNothing();
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const sid = res.cookies.find((c) => c.name === 'bitaqa.sid');
  if (res.statusCode !== 200 || !sid) throw new Error(`bench sign-in failed: ${res.statusCode} ${res.body}`);
  return `bitaqa.sid=${sid.value}`;
}

async function main() {
  const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
  const benchData = kind === 'postgres' || process.env.BENCH_PGLITE_DATA === 'bench';
  const dataDir =
    process.env.BENCH_PGLITE_DIR ??
    path.join(os.tmpdir(), benchData ? 'bitaqa-bench-pglite' : 'bitaqa-bench-pglite-demo');
  const database =
    kind === 'postgres'
      ? await openDatabase({
          kind: 'postgres',
          url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bitaqa_bench',
          poolSize: Number(process.env.BENCH_POOL ?? 10),
        })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  let fillMs = 0;
  if (benchData && !(await benchFilled(database.db))) fillMs = await fillBenchData(database.db);

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: kind === 'pglite' ? dataDir : path.join(os.tmpdir(), 'bitaqa-bench-pg-data'),
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    PUBLIC_URL: 'https://bitaqa.bench',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'Sapphire-Dune-Harbour-41',
    PAYMENTS: 'test',
    SEED_DEMO: benchData ? 'false' : 'true',
    // The load generator sends a different X-Forwarded-For per request, so the per-address
    // limits (smart search: 30 a minute) meet many visitors, as in real use, not one.
    TRUST_PROXY: '127.0.0.1',
    // The per-key limit is counted on every call as in production, but set above what the load
    // generator sends, so the figures are the API's, not its 429s.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, database });
  // BENCH_LIST_CACHE=off (the miss streams): every list and search is worked out, as when the
  // cache holds nothing a visitor asks.
  if (process.env.BENCH_LIST_CACHE === 'off') {
    app.ctx.lists = { get: (_key, make) => make(), stats: () => ({ hits: 0, misses: 0, size: 0 }) };
  }
  if (!benchData) {
    const t0 = Date.now();
    if (await seedDemo(app.ctx, { info() {} })) fillMs = Date.now() - t0;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });

  // A listed card for the card routes (an "Ahmed" of the bench set, or any demo card).
  const [sample] = await database.db
    .select({ id: businessCards.id })
    .from(businessCards)
    .innerJoin(users, eq(users.id, businessCards.userId))
    .where(and(listedCard, benchData ? sql`${businessCards.name} like 'Ahmed%'` : undefined))
    .orderBy(businessCards.createdAt)
    .limit(1);
  const cookie = await signIn(app, database.db);
  // A personal API key of the bench user, for the /api/v1 routes beside their session twins.
  const key = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie, origin: config.publicUrl },
    payload: { name: 'bench', scopes: ['contacts:read', 'cards:read', 'listings:read', 'leads:read'] },
  });
  const apiKey = key.statusCode === 201 ? (key.json().secret as string) : undefined;
  if (!apiKey) console.log(`bench API key not made: ${key.statusCode} ${key.body}`);
  process.stdout.write(`BENCH ${JSON.stringify({ port: portOf(app), cardId: sample?.id, fillMs, cookie, apiKey })}\n`);

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

(process.env.BENCH_ROLE === 'bare' ? bare() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
