/**
 * The slowest query shapes of the miss streams: a sample of the generated directory and listing
 * queries (scripts/lib/miss-queries.ts), each page and count query run under
 * EXPLAIN (ANALYZE, BUFFERS) on the bench database, the slowest printed with their plans.
 *
 *   npx tsx scripts/explain-miss.ts postgres://postgres@127.0.0.1:5432/bitaqa_bench_perf [sample=150] [shown=6]
 */
import { and, sql } from 'drizzle-orm';
import { directoryQuerySchema } from '../src/core/schemas/directory';
import { propertyQuerySchema } from '../src/core/schemas/properties';
import { type DbOrTx, openDatabase } from '../src/server/db/client';
import { businessCards, properties } from '../src/server/db/schema';
import { cappedCountQuery, ESTIMATE_BOUND, matchingQuery, planPage } from '../src/server/db/query/paging';
import { membersOfBrokeragesNamed } from '../src/server/modules/brokerages/service';
import {
  type DirectoryFilter,
  directoryConditions,
  directoryPageQuery,
  nameTypoMatches,
} from '../src/server/modules/directory/repository';
import { propertyConditions, propertyPageQuery } from '../src/server/modules/properties/repository';
import { directoryQuery, distinct, propertyQuery } from './lib/miss-queries';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/bitaqa_bench_perf';
const SAMPLE = Number(process.argv[3] ?? 150);
const SHOWN = Number(process.argv[4] ?? 6);

type Query = { toSQL(): { sql: string; params: unknown[] } };

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `array[${v.map(literal).join(',')}]`;
  return `'${String(v).replace(/'/g, "''")}'`;
}
const inline = (q: Query) => {
  const { sql: text, params } = q.toSQL();
  return text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]));
};

interface Timed {
  name: string;
  ms: number;
  /** Shared buffers the query touched: its cost, whatever else the machine is doing. */
  buffers: number;
  plan: string;
}

async function explain(db: DbOrTx, name: string, q: Query): Promise<Timed> {
  const res = await db.execute(sql.raw(`explain (analyze, buffers) ${inline(q)}`));
  const rows = ((res as unknown as { rows?: Record<string, string>[] }).rows ?? []) as Record<string, string>[];
  const plan = rows.map((r) => Object.values(r)[0]).join('\n');
  const ms = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 0);
  const top = /Buffers: shared((?: \w+=\d+)+)/.exec(plan)?.[1] ?? '';
  const buffers = [...top.matchAll(/(?:hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  return { name, ms, buffers, plan };
}

async function main() {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  const db = database.db;
  const out: Timed[] = [];
  // EXPLAIN_DIRECTORY="role=broker&search=x|…": these directory queries only.
  const only = process.env.EXPLAIN_DIRECTORY?.split('|');
  for (const qs of only ?? distinct(SAMPLE, 1, directoryQuery)) {
    const { city, ...q } = directoryQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    let f: DirectoryFilter = { ...q, emirate: city };
    const search = f.search;
    if (search) f = { ...f, searchUserIds: await membersOfBrokeragesNamed(db, search) };
    if (search) f = { ...f, typoWords: await nameTypoMatches(db, search) };
    const where = and(...directoryConditions(f));
    const plan = await planPage(db, matchingQuery(db, businessCards, undefined, where));
    out.push(await explain(db, `directory page ${qs}`, directoryPageQuery(db, f, plan.sortMatches)));
    if (plan.planned < ESTIMATE_BOUND) {
      out.push(await explain(db, `directory count ${qs}`, cappedCountQuery(db, businessCards, undefined, where)));
    }
  }
  for (const qs of only ? [] : distinct(SAMPLE, 2, propertyQuery)) {
    const { city, type, ...q } = propertyQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    const f = { ...q, type, emirate: city };
    const where = and(...propertyConditions(f));
    const plan = await planPage(db, matchingQuery(db, properties, properties.userId, where));
    out.push(await explain(db, `properties page ${qs}`, propertyPageQuery(db, f, plan.sortMatches)));
    if (plan.planned < ESTIMATE_BOUND) {
      out.push(await explain(db, `properties count ${qs}`, cappedCountQuery(db, properties, properties.userId, where)));
    }
  }
  await database.close();

  for (const kind of ['directory page', 'directory count', 'properties page', 'properties count']) {
    const xs = out.filter((t) => t.name.startsWith(kind)).sort((a, b) => b.buffers - a.buffers);
    const ms = xs.map((t) => t.ms).sort((a, b) => b - a);
    const total = ms.reduce((s, t) => s + t, 0);
    const p = (q: number) => ms[Math.floor((ms.length - 1) * (1 - q))]?.toFixed(1);
    const pb = (q: number) => xs[Math.floor((xs.length - 1) * (1 - q))]?.buffers;
    console.log(
      `\n# ${kind}: ${xs.length} queries, mean ${(total / xs.length).toFixed(1)} ms, p50 ${p(0.5)}, p95 ${p(0.95)}, max ${ms[0]?.toFixed(1)}; buffers p50 ${pb(0.5)}, p95 ${pb(0.95)}, max ${xs[0]?.buffers}`,
    );
    for (const t of xs.slice(0, SHOWN))
      console.log(`\n## ${t.buffers} buffers, ${t.ms.toFixed(1)} ms — ${t.name}\n${t.plan}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
