/**
 * `npm run bench:http`: the public routes through real HTTP under concurrency, each
 * beside a bare Fastify hello-world route in the same run, on a PostgreSQL server and on embedded
 * PGlite. The app runs in its own process (scripts/bench-http-server.ts) with NODE_ENV=production,
 * the bare route in another. PostgreSQL gets the bench data set (25,000 cards, 100,000 listings,
 * 5,000 users) in database `bitaqa_bench`, filled once and kept; PGlite the demo data in a folder
 * of the temp dir (the embedded target; BENCH_PGLITE_DATA=bench for the big set).
 *
 * Every route runs for BENCH_SECONDS with BENCH_CONNECTIONS connections (autocannon), with a bare
 * run before each route and one after the last; a route's ratio is its req/s over the mean of the
 * bare runs on either side of it, so a machine that gets busier or quieter moves both alike.
 * With pgbench installed, the directory and property SQL also runs alone on the server at the
 * same concurrency (the app should add little on top of its database).
 *
 * `--miss` sends streams of different queries instead (directory, listings, smart search; from
 * scripts/lib/miss-queries.ts, a fixed seed so before and after ask the same), with the server's
 * list cache turned off: what the database and the app cost when no cache helps.
 *
 *   BENCH_TARGETS=postgres,pglite  BENCH_SECONDS=5  BENCH_CONNECTIONS=32  BENCH_ROUTES=directory,QR
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres  (where `create database` runs)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { directoryQuery, distinct, propertyQuery, smartSentence } from './lib/miss-queries';

const MISS = process.argv.includes('--miss');
const SECONDS = Number(process.env.BENCH_SECONDS ?? (MISS ? 15 : 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const ROUTE_FILTER = process.env.BENCH_ROUTES;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = process.env.BENCH_DB_NAME ?? 'bitaqa_bench';
/** Queries per miss stream: more than a stream sends at the target speed, so none repeats. */
const MISS_QUERIES = Number(process.env.BENCH_MISS_QUERIES ?? 12_000);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const fmt = (n: number, digits = 0) => n.toFixed(digits);

type Kind = 'list' | 'text' | 'smart' | 'card' | 'qr' | 'signed';
/** The targets: share of bare Fastify's req/s, and a p95 bound where it sets one. */
interface Target {
  ratio: number;
  p95?: number;
  max?: number;
}
const TARGET: Record<Exclude<Kind, 'signed'>, Target> = {
  list: { ratio: 0.05, p95: 50 },
  text: { ratio: 0.02, p95: 100 },
  smart: { ratio: 0.03 },
  card: { ratio: 0.2 },
  qr: { ratio: 0.15 },
};

/** Embedded PGlite with the demo data: the directory ≥ 1 % of bare, no request over 1 s. */
const PGLITE_DIRECTORY: Target = { ratio: 0.01, max: 1000 };

function targetOf(target: string, r: Route): Target | undefined {
  // No target for these: the signed-in routes show what a session and its user cost.
  if (r.kind === 'signed') return undefined;
  if (target !== 'pglite') return TARGET[r.kind];
  return r.name.startsWith('directory') ? PGLITE_DIRECTORY : undefined;
}

function describeTarget(t: Target): string {
  const parts = [`≥ ${fmt(t.ratio * 100)} %`];
  if (t.p95 !== undefined) parts.push(`p95 ≤ ${t.p95} ms`);
  if (t.max !== undefined) parts.push(`max ≤ ${t.max} ms`);
  return parts.join(', ');
}

interface Route {
  name: string;
  kind: Kind;
  path: (cardId: string) => string;
  /** A different client address per request (per-address rate limits, as many visitors). */
  manyVisitors?: boolean;
  /** Request headers, e.g. the Accept-Encoding every browser sends. */
  headers?: Record<string, string>;
  /** Sent with the bench user's session cookie. */
  signedIn?: boolean;
  /** Sent with the bench user's API key (Authorization: Bearer). */
  apiKey?: boolean;
  /** A stream of different paths, each sent once in turn (the miss streams). */
  paths?: string[];
}

const ROUTES: Route[] = [
  {
    name: 'directory role=broker&limit=12',
    kind: 'list',
    path: () => '/api/business-cards/public?role=broker&limit=12',
  },
  {
    name: 'directory role=broker&search=marina',
    kind: 'text',
    path: () => '/api/business-cards/public?role=broker&search=marina',
  },
  { name: 'directory search=mansuri (typo)', kind: 'text', path: () => '/api/business-cards/public?search=mansuri' },
  {
    name: 'directory role+language+city',
    kind: 'list',
    path: () => '/api/business-cards/public?role=broker&language=arabic&city=dubai',
  },
  { name: 'directory unfiltered', kind: 'list', path: () => '/api/business-cards/public' },
  {
    name: 'smart search',
    kind: 'smart',
    path: () => '/api/search?q=arabic%20speaking%20broker%20in%20dubai%20marina',
    manyVisitors: true,
  },
  { name: 'properties unfiltered', kind: 'list', path: () => '/api/properties' },
  {
    name: 'properties city+price+sort',
    kind: 'list',
    path: () => '/api/properties?city=dubai&minPrice=1000000&maxPrice=3000000&sort=price_asc',
  },
  { name: 'card JSON', kind: 'card', path: (id) => `/api/business-cards/${id}` },
  { name: 'card page', kind: 'card', path: (id) => `/cards/${id}` },
  {
    name: 'card page (as a browser asks: br)',
    kind: 'card',
    path: (id) => `/cards/${id}`,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  { name: 'vCard', kind: 'card', path: (id) => `/api/business-cards/${id}/vcard` },
  { name: 'QR code', kind: 'qr', path: (id) => `/api/business-cards/${id}/qr-code` },
  { name: 'signed in: current user', kind: 'signed', path: () => '/api/auth/user', signedIn: true },
  { name: 'signed in: conversations', kind: 'signed', path: () => '/api/conversations', signedIn: true },
  // The public API's lists beside their session twins: same data, key instead of cookie.
  { name: 'signed in: contacts', kind: 'signed', path: () => '/api/contacts', signedIn: true },
  { name: 'api v1: contacts', kind: 'signed', path: () => '/api/v1/contacts?limit=50', apiKey: true },
  { name: 'api v1: cards', kind: 'signed', path: () => '/api/v1/cards', apiKey: true },
  { name: 'api v1: listings', kind: 'signed', path: () => '/api/v1/listings?limit=50', apiKey: true },
];

/** The miss streams: every request a query no request before it asked. */
const MISS_ROUTES: Route[] = [
  {
    name: 'directory: different queries',
    kind: 'list',
    path: () => '/api/business-cards/public',
    paths: distinct(MISS_QUERIES, 1, directoryQuery).map((q) => `/api/business-cards/public?${q}`),
  },
  {
    name: 'properties: different queries',
    kind: 'list',
    path: () => '/api/properties',
    paths: distinct(MISS_QUERIES, 2, propertyQuery).map((q) => `/api/properties?${q}`),
  },
  {
    name: 'smart search: different sentences',
    kind: 'text',
    path: () => '/api/search',
    paths: distinct(600, 3, smartSentence).map((q) => `/api/search?${new URLSearchParams({ q })}`),
    manyVisitors: true,
  },
];

interface Run {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** Different paths sent (miss streams). */
  sent?: number;
  load: string;
}

function randomIp(): string {
  return `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${1 + ((Math.random() * 254) | 0)}`;
}

async function load(
  url: string,
  manyVisitors = false,
  seconds = SECONDS,
  headers?: Record<string, string>,
  paths?: { list: string[]; next: number },
): Promise<Run> {
  const times: number[] = [];
  const first = paths?.next ?? 0;
  const options: autocannon.Options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(headers ? { headers } : {}),
    ...(manyVisitors || paths
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                ...(paths ? { path: paths.list[paths.next++ % paths.list.length] } : {}),
                headers: { ...req.headers, ...(manyVisitors ? { 'x-forwarded-for': randomIp() } : {}) },
              }),
            },
          ],
        }
      : {}),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0) * 10) / 10;
  // Requests still running when the load stopped finish on the server during the next run;
  // waiting about one slow request's time lets them drain first.
  await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, at(0.99) * 1.5 + 100)));
  return {
    rps: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: at(1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(paths ? { sent: Math.min(paths.list.length, paths.next - first) } : {}),
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  };
}

async function ensureBenchDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB]);
    if (rows.length === 0) await admin.query(`create database "${BENCH_DB}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

interface Server {
  child: ChildProcess;
  port: number;
  cardId: string;
  fillMs: number;
  cookie?: string;
  apiKey?: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile both servers under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'scripts/bench-http-server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('BENCH ')) resolve(line.slice(6));
      else console.log(line);
    });
  });
  return { child, ...JSON.parse(first) };
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

function pgbenchAvailable(): boolean {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The directory and property SQL alone, through pgbench at the same concurrency. */
async function pgbenchRuns(dbUrl: string): Promise<Map<string, { tps: number; p50: number }>> {
  const { benchSql } = await import('./bench-sql');
  const out = new Map<string, { tps: number; p50: number }>();
  for (const [name, text] of await benchSql(dbUrl)) {
    const file = path.join(os.tmpdir(), `bitaqa-pgbench-${process.pid}.sql`);
    fs.writeFileSync(file, `${text};\n`);
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-pgbench-'));
    try {
      const res = execFileSync(
        'pgbench',
        ['-n', '-M', 'prepared', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-f', file, '-l', dbUrl],
        { cwd: logDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const tps = Number(/tps = ([\d.]+)/.exec(res)?.[1] ?? 0);
      const lat: number[] = [];
      for (const f of fs.readdirSync(logDir)) {
        for (const line of fs.readFileSync(path.join(logDir, f), 'utf8').split('\n')) {
          const us = Number(line.split(' ')[2]);
          if (Number.isFinite(us) && line) lat.push(us / 1000);
        }
      }
      lat.sort((a, b) => a - b);
      out.set(name, { tps, p50: lat[Math.floor(lat.length / 2)] ?? 0 });
    } finally {
      fs.rmSync(logDir, { recursive: true, force: true });
      fs.rmSync(file, { force: true });
    }
  }
  return out;
}

async function benchTarget(target: string) {
  const dbUrl = target === 'postgres' ? await ensureBenchDatabase() : undefined;
  const server = await startServer({
    BENCH_DB: target,
    ...(dbUrl ? { BENCH_DATABASE_URL: dbUrl } : {}),
    ...(MISS ? { BENCH_LIST_CACHE: 'off' } : {}),
  });
  const bareServer = await startServer({ BENCH_ROLE: 'bare' });
  try {
    if (server.fillMs) console.log(`${target}: filled its data set in ${(server.fillMs / 1000).toFixed(1)} s`);
    const base = (port: number) => `http://127.0.0.1:${port}`;
    const routes = (MISS ? MISS_ROUTES : ROUTES).filter(
      (r) => !ROUTE_FILTER || ROUTE_FILTER.split(',').some((f) => r.name.includes(f.trim())),
    );
    await load(`${base(bareServer.port)}/`, false, 1);
    const bares: Run[] = [await load(`${base(bareServer.port)}/`)];
    const runs: Run[] = [];
    for (const r of routes) {
      const url = `${base(server.port)}${r.path(server.cardId)}`;
      const headers =
        r.signedIn && server.cookie
          ? { ...r.headers, cookie: server.cookie }
          : r.apiKey && server.apiKey
            ? { ...r.headers, authorization: `Bearer ${server.apiKey}` }
            : r.headers;
      // A miss stream warms up on queries of its own, then sends the rest, each once.
      const paths = r.paths ? { list: r.paths, next: 0 } : undefined;
      await load(url, r.manyVisitors, 1, headers, paths); // warm-up: JIT, pool, the database's caches
      if (paths) paths.list = paths.list.slice(paths.next);
      if (paths) paths.next = 0;
      runs.push(await load(url, r.manyVisitors, SECONDS, headers, paths));
      bares.push(await load(`${base(bareServer.port)}/`));
    }
    let sqlRuns = new Map<string, { tps: number; p50: number }>();
    if (target === 'postgres' && dbUrl && !MISS && pgbenchAvailable()) {
      try {
        sqlRuns = await pgbenchRuns(dbUrl);
      } catch (err) {
        console.error('pgbench failed:', err);
      }
    }

    console.log(
      `\n## ${target}${MISS ? ' — different queries, list cache off' : ''} — ${CONNECTIONS} connections, ${SECONDS} s per run, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const bareMean = bares.reduce((s, b) => s + b.rps, 0) / bares.length;
    console.log(`bare Fastify: ${fmt(bareMean)} req/s (mean of ${bares.length} runs)\n`);
    console.log(
      '| route | req/s | p50 ms | p95 ms | p99 ms | max ms | ratio to bare | target | pass | errors/non-2xx | different queries | load avg after | SQL alone (pgbench) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    routes.forEach((r, i) => {
      const run = runs[i];
      const bare = (bares[i].rps + bares[i + 1].rps) / 2;
      const ratio = run.rps / bare;
      const t = targetOf(target, r);
      const pass =
        t &&
        ratio >= t.ratio &&
        (t.p95 === undefined || run.p95 <= t.p95) &&
        (t.max === undefined || run.max <= t.max) &&
        run.non2xx === 0 &&
        !run.errors;
      const s = sqlRuns.get(r.name);
      console.log(
        `| ${r.name} | ${fmt(run.rps)} | ${run.p50} | ${run.p95} | ${run.p99} | ${run.max} | ${fmt(ratio * 100, 2)} % | ${
          t ? describeTarget(t) : '—'
        } | ${t ? (pass ? 'yes' : 'no') : '—'} | ${run.non2xx + run.errors} | ${run.sent ?? ''} | ${run.load} | ${
          s ? `${fmt(s.tps)} tps, p50 ${fmt(s.p50, 1)} ms` : ''
        } |`,
      );
    });
  } finally {
    await stopServer(server);
    await stopServer(bareServer);
  }
}

async function main() {
  console.log(`bench:http on ${os.cpus().length} cores; load average at start ${os.loadavg().join(' ')}`);
  for (const target of TARGETS) await benchTarget(target);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
