/**
 * `npm run bench:webhooks`: 1,000 events to 10 local endpoints (one answers slowly, one always
 * fails), delivered by two workers (two pools on PostgreSQL when BENCH_DATABASE_URL names a
 * server; one PGlite in memory otherwise). Reports commit→delivery p50/p99, attempts per
 * event, duplicates, and a small API route's latency idle and while deliveries run.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createEndpoint, defaultWorkerOptions, emitEvent, WebhookWorker } from '../src/server/modules/webhooks';
import { webhookDeliveries } from '../src/server/modules/webhooks/schema';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const ENDPOINTS = 10;
const SLOW_MS = 300;
const totpKey = crypto.randomBytes(32);
const quiet = { info() {}, warn() {}, error() {} };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : Number.NaN;
};

async function openBenchDatabases(): Promise<{ a: Database; b: Database; label: string; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const a = await openDatabase({ kind: 'pglite' });
    return { a, b: a, label: 'PGlite (one process, two workers)', drop: async () => a.close() };
  }
  const name = `bitaqa_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = url.replace(/\/[^/]*$/, `/${name}`);
  const a = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 10 });
  const b = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 10 });
  return {
    a,
    b,
    label: 'PostgreSQL (two pools, two workers)',
    drop: async () => {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main() {
  const { a, b, label, drop } = await openBenchDatabases();
  const commitAt = new Map<number, number>();
  const received: { endpoint: number; seq: number; at: number; id: string }[] = [];
  const servers: http.Server[] = [];
  const urls: string[] = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const answer = () => {
          if (i === ENDPOINTS - 1) {
            res.writeHead(500).end('failing on purpose');
            return;
          }
          received.push({ endpoint: i, seq: body.data.seq, at: performance.now(), id: body.id });
          res.end('ok');
        };
        if (i === 0) setTimeout(answer, SLOW_MS);
        else answer();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    urls.push(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`);
  }
  const [owner] = await a.db
    .insert(users)
    .values({
      email: 'bench@example.com',
      firstName: 'Bench',
      lastName: 'Owner',
      phoneNumber: '501234567',
      countryCode: '+971',
    })
    .returning();
  if (!owner) throw new Error('no owner');
  const settings = { totpKey, allowPrivate: true, requireHttps: false };
  for (const url of urls) await createEndpoint(a.db, settings, { userId: owner.id }, { url, events: ['lead.created'] });

  // The "API": a route that reads a row, as a session route would.
  const api = Fastify();
  api.get('/probe', async () => (await a.db.select({ id: users.id }).from(users).limit(1))[0]);
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as { port: number }).port}/probe`;
  const probe = async (n: number) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await (await fetch(apiUrl)).text();
      times.push(performance.now() - t0);
    }
    return times;
  };
  const idle = await probe(300);

  const opts = defaultWorkerOptions({
    totpKey,
    settingsLink: 'http://bench',
    allowPrivate: true,
    requireHttps: false,
    batch: 50,
  });
  const w1 = new WebhookWorker(a, quiet, opts);
  const w2 = new WebhookWorker(b, quiet, opts);
  await w1.start();
  await w2.start();

  const started = performance.now();
  const busyProbe: number[] = [];
  let emitting = true;
  const prober = (async () => {
    while (emitting || received.length < EVENTS * (ENDPOINTS - 1)) {
      busyProbe.push(...(await probe(5)));
      if (performance.now() - started > 600_000) break;
    }
  })();
  for (let seq = 0; seq < EVENTS; seq++) {
    await a.db.transaction(async (tx) => emitEvent(tx, { type: 'lead.created', userId: owner.id, data: { seq } }));
    commitAt.set(seq, performance.now());
  }
  emitting = false;
  await prober;
  const wall = (performance.now() - started) / 1000;
  await w1.close();
  await w2.close();

  const latency = received.map((r) => r.at - (commitAt.get(r.seq) ?? r.at));
  const fast = received.filter((r) => r.endpoint !== 0).map((r) => r.at - (commitAt.get(r.seq) ?? r.at));
  const slow = received.filter((r) => r.endpoint === 0).map((r) => r.at - (commitAt.get(r.seq) ?? r.at));
  const seen = new Set<string>();
  let duplicates = 0;
  for (const r of received) {
    const k = `${r.endpoint}:${r.id}`;
    if (seen.has(k)) duplicates += 1;
    seen.add(k);
  }
  const rows = await a.db
    .select({ attempts: webhookDeliveries.attempts, status: webhookDeliveries.status })
    .from(webhookDeliveries);
  const delivered = rows.filter((r) => r.status === 'delivered');
  const failingAttempts = rows.filter((r) => r.status !== 'delivered').reduce((s, r) => s + r.attempts, 0);
  const f = (x: number) => x.toFixed(1);
  console.log(
    `webhook delivery benchmark — ${label}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `${EVENTS} events × ${ENDPOINTS} endpoints (endpoint 0 answers after ${SLOW_MS} ms, endpoint 9 always 500), ${f(wall)} s wall`,
  );
  console.log(`delivered ${received.length} of ${EVENTS * (ENDPOINTS - 1)} expected; duplicates ${duplicates}`);
  console.log(`commit→delivery all: p50 ${f(pct(latency, 50))} ms, p99 ${f(pct(latency, 99))} ms`);
  console.log(`commit→delivery fast endpoints: p50 ${f(pct(fast, 50))} ms, p99 ${f(pct(fast, 99))} ms`);
  console.log(`commit→delivery slow endpoint: p50 ${f(pct(slow, 50))} ms, p99 ${f(pct(slow, 99))} ms`);
  console.log(
    `attempts per delivered event: ${f(delivered.reduce((s, r) => s + r.attempts, 0) / Math.max(1, delivered.length))}; failing endpoint attempts so far: ${failingAttempts} (retries are minutes apart)`,
  );
  console.log(`API latency idle: p50 ${f(pct(idle, 50))} ms, p99 ${f(pct(idle, 99))} ms (${idle.length} requests)`);
  console.log(
    `API latency during deliveries: p50 ${f(pct(busyProbe, 50))} ms, p99 ${f(pct(busyProbe, 99))} ms (${busyProbe.length} requests)`,
  );
  await api.close();
  for (const s of servers) s.close();
  await drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
