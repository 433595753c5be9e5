/**
 * `npm run bench:webhooks`: 1,000 events to 10 local endpoints (one answers slowly, one always
 * fails), delivered by two workers (two pools on PostgreSQL when BENCH_DATABASE_URL names a
 * server; one PGlite in memory otherwise). Reports commit→delivery p50/p99, attempts per
 * event, duplicates, and a small API route's latency idle and while deliveries run.
 *
 * The receivers and the client that measures the API run in a child process, as they would on
 * other machines: what is measured is the app process (its API, its workers, the emitting
 * transactions), not the receivers' work on the same event loop. Times cross the two processes
 * as wall-clock milliseconds (`performance.timeOrigin + performance.now()`).
 *
 * BENCH_WORKER=thread (PostgreSQL only) runs each of the two workers in its own worker thread with
 * its own pool, as the app does by default on PostgreSQL (DELIVERY_WORKER); unset, they run on the
 * event loop that answers the API. BENCH_DELIVER=off runs no worker at all (the control).
 */
import crypto from 'node:crypto';
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { performance as nodePerformance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createEndpoint, defaultWorkerOptions, emitEvent, WebhookWorker } from '../src/server/modules/webhooks';
import { webhookDeliveries } from '../src/server/modules/webhooks/schema';
import { ThreadedWebhookWorker } from '../src/server/modules/webhooks/thread';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const ENDPOINTS = 10;
const SLOW_MS = 300;
const totpKey = crypto.randomBytes(32);
const quiet = { info() {}, warn() {}, error() {} };
const wallNow = () => performance.timeOrigin + performance.now();

interface Receipt {
  endpoint: number;
  seq: number;
  at: number;
  id: string;
}

/** The child: ten receivers, and the API client on command. Talks to the parent over IPC. */
async function receiversProcess(): Promise<void> {
  const received: Receipt[] = [];
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
          received.push({ endpoint: i, seq: body.data.seq, at: wallNow(), id: body.id });
          res.end('ok');
        };
        if (i === 0) setTimeout(answer, SLOW_MS);
        else answer();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    urls.push(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`);
  }
  const probe = async (apiUrl: string, n: number, at?: number[]) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      at?.push(wallNow());
      await (await fetch(apiUrl)).text();
      times.push(performance.now() - t0);
    }
    return times;
  };
  const send = (m: object) => process.send?.(m);
  let stop = false;
  process.on('message', async (m: { cmd: string; apiUrl?: string; n?: number; expected?: number }) => {
    if (m.cmd === 'probe') send({ cmd: 'probed', times: await probe(m.apiUrl as string, m.n as number) });
    if (m.cmd === 'stop-probe') stop = true;
    if (m.cmd === 'probe-until-delivered') {
      // Until every expected delivery arrived (or the parent says stop): the API while they run.
      const times: number[] = [];
      const at: number[] = [];
      const t0 = performance.now();
      stop = false;
      while (!stop && received.length < (m.expected as number) && performance.now() - t0 < 600_000)
        times.push(...(await probe(m.apiUrl as string, 5, at)));
      send({ cmd: 'probed', times, at });
    }
    if (m.cmd === 'receipts') send({ cmd: 'receipts', received });
    if (m.cmd === 'exit') process.exit(0);
  });
  send({ cmd: 'ready', urls });
}

/** Sends a command to the child and waits for the answer named `reply`. */
function ask<T>(child: ChildProcess, msg: object, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { cmd: string }) => {
      if (m.cmd !== reply) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send(msg);
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : Number.NaN;
};

async function openBenchDatabases(): Promise<{
  a: Database;
  b: Database;
  label: string;
  url?: string;
  drop: () => Promise<void>;
}> {
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
    url: dbUrl,
    drop: async () => {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main() {
  const { a, b, label: dbLabel, url: dbUrl, drop } = await openBenchDatabases();
  const threaded = process.env.BENCH_WORKER === 'thread';
  if (threaded && !dbUrl) throw new Error('BENCH_WORKER=thread needs BENCH_DATABASE_URL (PostgreSQL)');
  const label = threaded ? `${dbLabel}, each worker in its own thread and pool` : dbLabel;
  const commitAt = new Map<number, number>();
  const child = fork(process.argv[1] as string, ['receivers'], { execArgv: ['--import', 'tsx'] });
  const { urls } = await ask<{ urls: string[] }>(child, { cmd: 'hello' }, 'ready');
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
  const probe = async (n: number) =>
    (await ask<{ times: number[] }>(child, { cmd: 'probe', apiUrl, n }, 'probed')).times;
  // Warm the route (JIT, pool connections) before the idle figure is taken.
  await probe(200);
  const idle = await probe(1000);

  const opts = defaultWorkerOptions({
    totpKey,
    settingsLink: 'http://bench',
    allowPrivate: true,
    requireHttps: false,
    // BENCH_CONNECTIONS: how many pool connections each worker's deliveries may hold (for comparison).
    ...(process.env.BENCH_CONNECTIONS ? { connections: Number(process.env.BENCH_CONNECTIONS) } : {}),
    ...(process.env.BENCH_PER_ENDPOINT ? { perEndpoint: Number(process.env.BENCH_PER_ENDPOINT) } : {}),
  });
  const inThread = () =>
    new ThreadedWebhookWorker({
      url: dbUrl as string,
      poolSize: opts.connections,
      options: opts,
      log: quiet,
      logLevel: 'silent',
    });
  const w1 = threaded ? inThread() : new WebhookWorker(a, quiet, opts);
  const w2 = threaded ? inThread() : new WebhookWorker(b, quiet, opts);
  // BENCH_DELIVER=off: the same emitting load with no worker running, the control for the API figure.
  const deliver = process.env.BENCH_DELIVER !== 'off';
  if (deliver) {
    await w1.start();
    await w2.start();
  }

  const started = performance.now();
  const startedWall = wallNow();
  const cpu0 = process.cpuUsage();
  const elu0 = nodePerformance.eventLoopUtilization();
  const expected = EVENTS * (ENDPOINTS - 1);
  const prober = ask<{ times: number[]; at: number[] }>(
    child,
    { cmd: 'probe-until-delivered', apiUrl, expected },
    'probed',
  );
  for (let seq = 0; seq < EVENTS; seq++) {
    await a.db.transaction(async (tx) => emitEvent(tx, { type: 'lead.created', userId: owner.id, data: { seq } }));
    commitAt.set(seq, wallNow());
  }
  const emitted = wallNow();
  if (!deliver) child.send({ cmd: 'stop-probe' });
  const busy = await prober;
  const busyProbe = busy.times;
  const whileEmitting = busy.times.filter((_, i) => (busy.at[i] ?? 0) < emitted);
  const afterEmitting = busy.times.filter((_, i) => (busy.at[i] ?? 0) >= emitted);
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const elu = nodePerformance.eventLoopUtilization(elu0);
  await w1.close();
  await w2.close();
  const { received } = await ask<{ received: Receipt[] }>(child, { cmd: 'receipts' }, 'receipts');

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
  const q = (xs: number[]) => `p50 ${f(pct(xs, 50))} ms, p95 ${f(pct(xs, 95))} ms, p99 ${f(pct(xs, 99))} ms`;
  console.log(`API latency idle: ${q(idle)} (${idle.length} requests)`);
  console.log(
    `API latency ${deliver ? 'during deliveries' : 'while emitting, no worker'}: ${q(busyProbe)} (${busyProbe.length} requests)`,
  );
  console.log(
    `  of which while emitting: ${q(whileEmitting)} (${whileEmitting.length}); after: ${q(afterEmitting)} (${afterEmitting.length})`,
  );
  console.log(
    `worker: ${opts.concurrency} in flight, ${opts.perEndpoint} per endpoint, ${opts.connections} connections`,
  );
  console.log(
    `app process: ${f((cpu.user + cpu.system) / 1000 / wall / 10)} % of a core over the run, all threads (${f((cpu.user + cpu.system) / 1000 / Math.max(1, received.length))} ms CPU per delivery, emitting included), main event loop busy ${f(elu.utilization * 100)} %`,
  );
  console.log(`emitting 1,000 committed transactions took ${f((emitted - startedWall) / 1000)} s`);
  await api.close();
  child.send({ cmd: 'exit' });
  await drop();
}

(process.argv[2] === 'receivers' ? receiversProcess() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
