/**
 * The server side of `npm run bench:ws`, a process of its own so its memory is the
 * server's alone. BENCH_ROLE=bare: a bare `ws` server (the yardstick) that answers an
 * authenticate message like the app does. Otherwise the real app (NODE_ENV=production) on a fresh
 * PostgreSQL database or PGlite folder, with BENCH_USERS signed-in users (sessions written
 * directly: no password hashing for thousands of users), the users paired in conversations
 * (1–2, 3–4, …), and two inboxes of 50 and 5,000 conversations for the list benchmark.
 *
 * BENCH_POOL: the app's PostgreSQL pool size (default 10, as in production).
 * Prints `BENCH {port, file}` once listening (file: JSON of the users' cookies and pairs). Each
 * `mem` line on stdin answers `MEM {rss, heapUsed, external, sockets}` after a full GC.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import { Signer } from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import { WebSocketServer } from 'ws';
import { LIMITS } from '../src/core/limits';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedInbox } from '../src/server/db/seed/inbox';

const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const rows = <T>(res: unknown): T[] => (res as { rows?: T[] }).rows ?? (res as T[]);

function answerMemory(sockets: () => number) {
  const gc = (globalThis as { gc?: () => void }).gc;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let cpu = process.cpuUsage();
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'delay') {
      // The event loop's delay since the last ask (ms): a stall of the server shows here.
      // With the CPU time this process used meanwhile (ms), which contention does not inflate.
      const used = process.cpuUsage(cpu);
      cpu = process.cpuUsage();
      const d = {
        p50: delay.percentile(50) / 1e6,
        p99: delay.percentile(99) / 1e6,
        max: delay.max / 1e6,
        cpuMs: (used.user + used.system) / 1000,
        systemMs: used.system / 1000,
      };
      delay.reset();
      process.stdout.write(`MEM ${JSON.stringify(d)}\n`);
      return;
    }
    if (line.trim() !== 'mem') return;
    gc?.();
    gc?.();
    const m = process.memoryUsage();
    process.stdout.write(
      `MEM ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, external: m.external, sockets: sockets() })}\n`,
    );
  });
}

async function bare() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: 4096 });
  await new Promise((r) => wss.once('listening', r));
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      try {
        const msg = JSON.parse(String(data));
        socket.send(JSON.stringify({ type: 'authenticated', userId: msg.userId }));
      } catch {
        socket.send('{"type":"error"}');
      }
    });
  });
  answerMemory(() => wss.clients.size);
  const port = (wss.address() as { port: number }).port;
  process.stdout.write(`BENCH ${JSON.stringify({ port })}\n`);
  process.once('SIGTERM', () => wss.close(() => process.exit(0)));
}

async function main() {
  const count = Number(process.env.BENCH_USERS ?? 2000);
  const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-bench-ws-'));
  const database =
    kind === 'postgres'
      ? await openDatabase({
          kind: 'postgres',
          url: process.env.BENCH_DATABASE_URL as string,
          poolSize: Number(process.env.BENCH_POOL ?? 10),
        })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const db = database.db;

  // Users, their sessions (the row @fastify/session would write), and conversations by pairs.
  await db.execute(sql`
    insert into users (email, first_name, last_name, phone_number, country_code, role, role_chosen, is_email_verified)
    select 'ws' || g || '@bench.test', 'Socket', 'User ' || g, '50' || lpad(g::text, 7, '0'), '+971', 'investor', true, true
    from generate_series(1, ${count}::int) g`);
  const expires = new Date(Date.now() + LIMITS.sessionTtlMs);
  const cookie = {
    originalMaxAge: LIMITS.sessionTtlMs,
    expires: expires.toISOString(),
    secure: true,
    httpOnly: true,
    path: '/',
    sameSite: 'lax',
  };
  await db.execute(sql`
    insert into sessions (sid, sess, expire, user_id)
    select replace(gen_random_uuid()::text, '-', ''),
           jsonb_build_object('cookie', ${JSON.stringify(cookie)}::jsonb, 'userId', u.id), ${expires.toISOString()}::timestamptz, u.id
    from users u where u.email like 'ws%@bench.test'`);
  await db.execute(sql`
    insert into conversations (participant1_id, participant2_id)
    select a.id, b.id
    from users a join users b on b.email = 'ws' || (split_part(split_part(a.email, '@', 1), 'ws', 2)::int + 1) || '@bench.test'
    where a.email like 'ws%@bench.test' and split_part(split_part(a.email, '@', 1), 'ws', 2)::int % 2 = 1`);
  const signer = new Signer(SECRET);
  const users = rows<{ n: number; id: string; sid: string; conversation: string | null; peer: string | null }>(
    await db.execute(sql`
      select split_part(split_part(u.email, '@', 1), 'ws', 2)::int as n, u.id, s.sid, c.id as conversation,
             case when c.participant1_id = u.id then c.participant2_id else c.participant1_id end as peer
      from users u join sessions s on s.user_id = u.id
      left join conversations c on c.participant1_id = u.id or c.participant2_id = u.id
      where u.email like 'ws%@bench.test' order by 1`),
  ).map((u) => ({ ...u, cookie: `bitaqa.sid=${signer.sign(u.sid)}` }));

  // Two inboxes: 50 and 5,000 conversations (the first two socket users).
  const inbox = { small: users[0], big: users[1] };
  await seedInbox(db, { userId: inbox.small.id, count: 50, tag: 'bench-small' });
  await seedInbox(db, { userId: inbox.big.id, count: 5000, tag: 'bench-big' });
  await db.execute(sql`analyze`);

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    PUBLIC_URL: 'https://bitaqa.bench',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'Sapphire-Dune-Harbour-41',
    PAYMENTS: 'test',
    SEED_DEMO: 'false',
  });
  const app = await buildApp({ config, database, serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  answerMemory(() => app.realtime.hub.size);
  const file = path.join(dataDir, 'users.json');
  fs.writeFileSync(file, JSON.stringify({ users, inbox }));
  const port = (app.server.address() as { port: number }).port;
  process.stdout.write(`BENCH ${JSON.stringify({ port, file, id: crypto.randomUUID() })}\n`);
  process.once('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

if (process.env.BENCH_ROLE === 'bare') void bare();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
