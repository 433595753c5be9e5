/**
 * `npm run bench`: directory and property searches at the scale the product is designed for
 * (25,000 cards, 100,000 listings). Fills a fresh database with generate_series, then times the
 * real API routes through app.inject and prints the median and p95 per query.
 *
 * Embedded PGlite by default; BENCH_DATABASE_URL=postgres://… runs it on a PostgreSQL server
 * (the database must be empty: it is filled, not cleaned).
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { testConfig } from '../tests/helpers/app';
import { BENCH_CARDS, BENCH_LISTINGS, fillBenchData } from './bench-data';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const QUERIES = [
  '/api/business-cards/public',
  '/api/business-cards/public?role=broker',
  '/api/business-cards/public?role=broker&language=arabic&city=Dubai',
  '/api/business-cards/public?search=marina',
  '/api/business-cards/public?search=ahmad',
  '/api/business-cards/public?search=emirates%20nbd&sort=name',
  '/api/business-cards/public?location=Dubai%20Marina&offset=600',
  '/api/properties',
  '/api/properties?status=for_rent&type=villa',
  '/api/properties?city=Dubai&minPrice=1000000&maxPrice=3000000&sort=price_asc',
  '/api/properties?sort=area&offset=1200',
  '/api/search?q=arabic%20speaking%20broker%20in%20dubai%20marina',
  '/api/search?q=3%20bedroom%20villa%20for%20rent%20in%20dubai%20hills%20under%20250k',
];

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  const app = await buildApp({ config: testConfig(), database, serveWeb: false });
  await app.ready();
  console.log(
    `database: ${database.kind}; filling ${Math.ceil(BENCH_CARDS / 5)} users, ${BENCH_CARDS} cards, ${BENCH_LISTINGS} listings…`,
  );
  const fillMs = await fillBenchData(database.db);
  console.log(`filled in ${(fillMs / 1000).toFixed(1)} s\n`);
  console.log('median ms  p95 ms  status  total  query');
  for (const q of QUERIES) {
    const times: number[] = [];
    let status = 0;
    let total = '';
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: q });
      times.push(performance.now() - t);
      status = res.statusCode;
      total = String(res.headers['x-total-count'] ?? '');
    }
    times.sort((a, b) => a - b);
    const med = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
    console.log(
      `${med.toFixed(1).padStart(9)}  ${p95.toFixed(1).padStart(6)}  ${String(status).padStart(6)}  ${total.padStart(5)}  ${q}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
