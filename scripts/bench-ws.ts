/**
 * `npm run bench:ws`: messaging at scale, through real sockets and HTTP against the
 * app in its own process (scripts/bench-ws-server.ts, NODE_ENV=production).
 *
 * 1. Idle authenticated sockets per process and memory per socket (RSS and heap after a full
 *    GC), beside a bare `ws` server holding the same number of sockets.
 * 2. The conversation list and unread count for a user with 50 and with 5,000 conversations
 *    (autocannon, the sockets still open; the target: 5,000 within 1.5× the time at 50).
 * 3. Live delivery: messages POSTed at a steady rate among the first N clients while the other
 *    sockets stay open; latency from the POST's start to the recipient's socket event, p50/p99,
 *    and every message accounted for (zero lost).
 *
 * Defaults finish in a minute or two on a shared 2-core machine; --full runs the full targets.
 *   --sockets 2000 --clients 300 --rate 100 --seconds 20 --warmup 5 --db postgres|pglite --full
 * The warm-up sends at the same rate before the measured seconds (the server's JIT, its pools'
 * connections and their prepared statements, the sockets' buffers): reported on a line of its own.
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres (where the database is created)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';

const { values: flags } = parseArgs({
  options: {
    sockets: { type: 'string' },
    clients: { type: 'string' },
    rate: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    db: { type: 'string', default: 'postgres' },
    full: { type: 'boolean', default: false },
  },
});
const FULL = flags.full;
const SOCKETS = Number(flags.sockets ?? (FULL ? 10_000 : 2_000));
const CLIENTS = Math.min(SOCKETS, Number(flags.clients ?? (FULL ? 1_000 : 300)));
const RATE = Number(flags.rate ?? (FULL ? 300 : 100));
const SECONDS = Number(flags.seconds ?? 20);
const WARMUP = Number(flags.warmup ?? 5);
const DB = flags.db === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `bitaqa_benchws_${process.pid}`;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const OPEN_CONCURRENCY = 100;

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (n: number) => n.toFixed(1);

interface Server {
  child: ChildProcess;
  port: number;
  file?: string;
  mem(): Promise<{ rss: number; heapUsed: number; external: number; sockets: number }>;
  /** The server's event-loop delay since the last call (ms). */
  delay(): Promise<{ p50: number; p99: number; max: number; cpuMs: number; systemMs: number }>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the servers under load.
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/bench-ws-server.ts'),
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const waiting: ((line: string) => void)[] = [];
  const first = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('BENCH ')) resolve(line.slice(6));
      else if (line.startsWith('MEM ')) waiting.shift()?.(line.slice(4));
      else console.log(line);
    });
  });
  return {
    child,
    ...JSON.parse(first),
    mem: () =>
      new Promise((resolve) => {
        waiting.push((l) => resolve(JSON.parse(l)));
        child.stdin?.write('mem\n');
      }),
    delay: () =>
      new Promise((resolve) => {
        waiting.push((l) => resolve(JSON.parse(l)));
        child.stdin?.write('delay\n');
      }),
  };
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

type Event = { type: string; message?: { content: string; senderId: string } };

/** Opens a socket, sends authenticate and resolves once the server answers it. */
function openSocket(port: number, userId: string, cookie?: string, onEvent?: (e: Event) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: cookie ? { cookie } : {},
      perMessageDeflate: false,
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId })));
    ws.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
    ws.once('error', reject);
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as Event;
      if (event.type === 'authenticated') resolve(ws);
      else onEvent?.(event);
    });
  });
}

async function openMany(
  n: number,
  open: (i: number) => Promise<WebSocket>,
): Promise<{ sockets: WebSocket[]; seconds: number }> {
  const sockets: WebSocket[] = new Array(n);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        sockets[i] = await open(i);
      }
    }),
  );
  return { sockets, seconds: (performance.now() - t0) / 1000 };
}

async function closeAll(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.readyState === s.CLOSED) return resolve();
          s.once('close', () => resolve());
          s.close();
        }),
    ),
  );
}

async function perSocket(server: Server, n: number, open: (i: number) => Promise<WebSocket>) {
  const before = await server.mem();
  const { sockets, seconds } = await openMany(n, open);
  const after = await server.mem();
  return {
    sockets,
    seconds,
    held: after.sockets,
    rssPer: (after.rss - before.rss) / n,
    heapPer: (after.heapUsed + after.external - before.heapUsed - before.external) / n,
  };
}

/** CPU time (ms) all of this machine's PostgreSQL processes have used, from /proc (-1 elsewhere). */
function postgresCpuMs(): number {
  try {
    const tick = 1000 / 100; // USER_HZ is 100 on Linux
    let total = 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        if (name !== 'postgres') continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += (Number(fields[11]) + Number(fields[12])) * tick;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } catch {
    return -1;
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function listBench(port: number, cookie: string, url: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: 8,
    duration: 5,
    headers: { cookie },
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

async function main() {
  console.log(
    `bench:ws — ${SOCKETS} sockets, ${RATE} msg/s among ${CLIENTS} clients for ${SECONDS} s, ${DB}; ` +
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${os.cpus().length} CPUs, node ${process.version}`,
  );

  // Bare ws first: the yardstick for memory per socket.
  const bare = await startServer({ BENCH_ROLE: 'bare' });
  const b = await perSocket(bare, SOCKETS, (i) => openSocket(bare.port, `u${i}`));
  await closeAll(b.sockets);
  await stopServer(bare);

  let dbUrl = '';
  if (DB === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${DB_NAME}`);
    await admin.end();
    const u = new URL(ADMIN_URL);
    u.pathname = `/${DB_NAME}`;
    dbUrl = u.toString();
  }
  const t0 = performance.now();
  const server = await startServer({ BENCH_DB: DB, BENCH_DATABASE_URL: dbUrl, BENCH_USERS: String(SOCKETS) });
  console.log(`setup: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    const data = JSON.parse(fs.readFileSync(server.file as string, 'utf8')) as {
      users: { n: number; id: string; cookie: string; conversation: string | null; peer: string | null }[];
      inbox: { small: { cookie: string }; big: { cookie: string } };
    };

    // 1. Idle authenticated sockets (measured first, on a quiet heap).
    const received = new Map<string, number>();
    // The recipient's socket, not the sender's own (which hears its messages too).
    const onEventOf = (userId: string) => (e: Event) => {
      if (e.type === 'new_message' && e.message && e.message.senderId !== userId)
        received.set(e.message.content, performance.now());
    };
    const users = data.users;
    const a = await perSocket(server, SOCKETS, (i) =>
      openSocket(server.port, users[i].id, users[i].cookie, i < CLIENTS ? onEventOf(users[i].id) : undefined),
    );
    console.log('\nidle authenticated sockets');
    console.log(
      `bare ws:  ${b.held} sockets held, opened in ${b.seconds.toFixed(1)} s; per socket ${kib(b.rssPer)} KiB RSS, ${kib(b.heapPer)} KiB heap+external`,
    );
    console.log(
      `Bitaqa:   ${a.held} sockets held, opened in ${a.seconds.toFixed(1)} s; per socket ${kib(a.rssPer)} KiB RSS, ${kib(a.heapPer)} KiB heap+external (target ≥ 10,000 at ≤ 20 KiB)`,
    );

    // 2. The list and the unread count at 50 and 5,000 conversations.
    console.log('\nconversation list (8 connections, 5 s each)');
    console.log(
      'route                              |  50 conv: req/s   p50   p99 | 5,000 conv: req/s   p50   p99 | p50 ratio',
    );
    for (const [name, url] of [
      ['GET /api/conversations', '/api/conversations'],
      ['GET /api/messages/unread-count', '/api/messages/unread-count'],
    ] as const) {
      const small = await listBench(server.port, data.inbox.small.cookie, url);
      const big = await listBench(server.port, data.inbox.big.cookie, url);
      if (small.non2xx || big.non2xx) throw new Error(`${name}: non-2xx answers`);
      console.log(
        `${name.padEnd(34)} | ${small.rps.toFixed(0).padStart(15)} ${ms(small.p50).padStart(5)} ${ms(small.p99).padStart(5)} |` +
          ` ${big.rps.toFixed(0).padStart(17)} ${ms(big.p50).padStart(5)} ${ms(big.p99).padStart(5)} | ${(big.p50 / Math.max(small.p50, 0.1)).toFixed(2)}× (target ≤ 1.5×)`,
      );
    }

    // 3. Live delivery among the first CLIENTS users (pairs 1–2, 3–4, …), the others idle.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    /** One run at the rate: what was stored (content → send time), the POST round trips, refusals. */
    interface Run {
      sent: Map<string, number>;
      answered: number[];
      failed: number;
      total: number;
    }
    let seq = 0;
    const post = (run: Run, i: number) => {
      const u = users[i];
      if (!u.conversation) return;
      const content = `m${seq++}`;
      const body = JSON.stringify({ conversationId: u.conversation, content });
      const start = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/messages',
          method: 'POST',
          agent,
          headers: { cookie: u.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          run.answered.push(performance.now() - start);
          if (res.statusCode === 201) run.sent.set(content, start);
          else run.failed += 1;
        },
      );
      req.on('error', () => {
        run.failed += 1;
      });
      req.end(body);
    };
    const clients = CLIENTS - (CLIENTS % 2);
    /** Sends RATE messages a second for `seconds`, then waits (up to 10 s) for the last answers and deliveries. */
    const drive = async (seconds: number): Promise<Run> => {
      const run: Run = { sent: new Map(), answered: [], failed: 0, total: Math.round(RATE * seconds) };
      await new Promise<void>((resolve) => {
        if (run.total === 0) return resolve();
        const started = performance.now();
        let issued = 0;
        const timer = setInterval(() => {
          const due = Math.min(run.total, Math.floor(((performance.now() - started) / 1000) * RATE));
          while (issued < due) post(run, issued++ % clients);
          if (issued >= run.total) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      const deadline = performance.now() + 10_000;
      while (
        performance.now() < deadline &&
        (run.sent.size + run.failed < run.total || [...run.sent.keys()].some((k) => !received.has(k)))
      )
        await new Promise((r) => setTimeout(r, 50));
      return run;
    };
    if (WARMUP > 0) {
      const w = await drive(WARMUP);
      const lat = [...w.sent].flatMap(([k, t]) => (received.has(k) ? [(received.get(k) as number) - t] : []));
      lat.sort((x, y) => x - y);
      console.log(
        `\nwarm-up (not counted below): ${w.total} messages in ${WARMUP} s, ${w.sent.size} stored, ${lat.length} delivered; p50 ${ms(percentile(lat, 50))} ms, p99 ${ms(percentile(lat, 99))} ms`,
      );
    }
    await server.delay();
    // This process's own stalls count in every latency it measures: report them beside the server's.
    const ownDelay = monitorEventLoopDelay({ resolution: 10 });
    ownDelay.enable();
    const ownCpu = process.cpuUsage();
    const pgCpu = postgresCpuMs();
    const { sent, answered, failed, total } = await drive(SECONDS);
    const latencies = [...sent].flatMap(([k, t]) => (received.has(k) ? [(received.get(k) as number) - t] : []));
    latencies.sort((x, y) => x - y);
    const lost = [...sent.keys()].filter((k) => !received.has(k)).length;
    console.log(
      `\nlive delivery: ${RATE} msg/s among ${clients} clients for ${SECONDS} s, ${SOCKETS - clients} more sockets idle`,
    );
    console.log(
      `sent ${sent.size} of ${total} (${failed} refused or failed, ${total - sent.size - failed} unanswered: the server fell behind), delivered ${latencies.length}, lost ${lost}; ` +
        `POST→recipient latency p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms, max ${ms(latencies[latencies.length - 1] ?? Number.NaN)} ms (target p99 ≤ 100 ms, 0 lost)`,
    );
    const loop = await server.delay();
    ownDelay.disable();
    const ownUsed = process.cpuUsage(ownCpu);
    const pgUsed = postgresCpuMs() - pgCpu;
    answered.sort((x, y) => x - y);
    console.log(
      `POST round trip (stored and answered): p50 ${ms(percentile(answered, 50))} ms, p99 ${ms(percentile(answered, 99))} ms, max ${ms(answered[answered.length - 1] ?? Number.NaN)} ms`,
    );
    console.log(
      `event-loop delay during the run: server p50 ${ms(loop.p50)} ms, p99 ${ms(loop.p99)} ms, max ${ms(loop.max)} ms; ` +
        `this client p99 ${ms(ownDelay.percentile(99) / 1e6)} ms, max ${ms(ownDelay.max / 1e6)} ms (both sampled every 10 ms)`,
    );
    // CPU time per message sent: what the machine's cores must supply, however busy they are.
    const per = (x: number) => (sent.size ? (x / sent.size).toFixed(2) : 'n/a');
    console.log(
      `CPU per message: server ${per(loop.cpuMs)} ms (${per(loop.systemMs)} in the kernel), this client ${per((ownUsed.user + ownUsed.system) / 1000)} ms` +
        (DB === 'postgres' && pgCpu >= 0 ? `, PostgreSQL (all its processes) ${per(pgUsed)} ms` : ''),
    );
    // Where the slow ones fall: p99 of each 5-second window (a stall shows as one bad window).
    const t0Send = Math.min(...sent.values());
    const windows: number[][] = [];
    for (const [k, t] of sent) {
      const r = received.get(k);
      if (r === undefined) continue;
      const w = Math.floor((t - t0Send) / 5000);
      windows[w] ??= [];
      windows[w].push(r - t);
    }
    console.log(
      `p99 by 5-s window: ${windows
        .map((w) =>
          ms(
            percentile(
              w.sort((x, y) => x - y),
              99,
            ),
          ),
        )
        .join(', ')} ms`,
    );
    agent.destroy();
    await closeAll(a.sockets);
  } finally {
    await stopServer(server);
    if (DB === 'postgres') {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${DB_NAME} with (force)`);
      await admin.end();
    }
  }
  console.log(
    `\nload after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
