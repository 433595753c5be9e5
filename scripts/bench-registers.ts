/**
 * `npm run bench:registers`: a generated broker register of 100,000 rows (BENCH_ROWS changes it),
 * in the open-data shape with Arabic names, imported through the streaming importer; then the same
 * file again (nothing changes), then the check of 5,000 cards against it. Time and the process's
 * peak resident memory for each, on PGlite in memory and, when DATABASE_URL or TEST_DATABASE_URL is
 * set, on a new database of that PostgreSQL server (dropped afterwards).
 */
import { postgresBenchDatabase } from './lib/bench-database';
import crypto from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import { type Database, openDatabase } from '../src/server/db/client';
import { businessCards, users } from '../src/server/db/schema';
import { importRegister } from '../src/server/modules/registers/importer';
import { verifyAllCards } from '../src/server/modules/registers/verify';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CARDS = 5_000;
const FIRST = ['Ahmed', 'Fatima', 'Omar', 'Layla', 'Yusuf', 'Sara', 'Khalid', 'Noor', 'Rashid', 'Huda'];
const LAST = ['Al Mansoori', 'Haddad', 'Khan', 'Saleh', 'Al Mazrouei', 'Rahman', 'Dubois', 'Volkova'];
const FIRST_AR = ['أحمد', 'فاطمة', 'عمر', 'ليلى', 'يوسف', 'سارة', 'خالد', 'نور', 'راشد', 'هدى'];
const LAST_AR = ['المنصوري', 'حداد', 'خان', 'صالح', 'المزروعي', 'رحمن', 'دوبوا', 'فولكوفا'];

function* registerLines(): Generator<string> {
  yield '\uFEFFBROKER_NUMBER,BROKER_EN,BROKER_AR,REAL_ESTATE_NUMBER,LICENSE_START_DATE,LICENSE_END_DATE\n';
  for (let i = 0; i < ROWS; i++) {
    const f = i % FIRST.length;
    const l = Math.floor(i / FIRST.length) % LAST.length;
    const end = `${2026 + (i % 3)}-${String(1 + (i % 12)).padStart(2, '0')}-15`;
    yield `${10000 + i},${FIRST[f]} ${LAST[l]},${FIRST_AR[f]} ${LAST_AR[l]},${1000 + (i % 900)},2024-01-01 00:00:00,${end}\n`;
  }
}
const file = () => Readable.from(registerLines(), { objectMode: false });

const seconds = (t0: bigint) => (Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1);
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

async function bench(label: string, database: Database) {
  const { db } = database;
  const baseline = rssMb();
  let t0 = process.hrtime.bigint();
  const first = await importRegister(db, 'dld_brokers', file(), { actorId: null, source: 'bench' });
  const firstS = seconds(t0);
  const afterFirst = rssMb();
  t0 = process.hrtime.bigint();
  const again = await importRegister(db, 'dld_brokers', file(), { actorId: null, source: 'bench' });
  const againS = seconds(t0);
  const [owner] = await db
    .insert(users)
    .values({
      email: `bench-${crypto.randomUUID()}@example.com`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Owner',
      phoneNumber: '+971501234567',
      countryCode: '+971',
      role: 'real_estate_broker',
    })
    .returning();
  await db.insert(businessCards).values(
    Array.from({ length: CARDS }, (_, i) => ({
      userId: owner.id,
      name:
        i % 7 === 0 ? 'Someone Else' : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
      profession: 'Broker',
      brnNumber: String(10000 + i),
    })),
  );
  t0 = process.hrtime.bigint();
  const checked = await verifyAllCards(db, new Date());
  const checkS = seconds(t0);
  console.log(
    `${label}: import ${first.rows} rows in ${firstS} s (added ${first.added}); again in ${againS} s (added ${again.added}, changed ${again.changed}, removed ${again.removed}); ` +
      `check of ${checked.checked} cards in ${checkS} s (${checked.verified} verified, ${checked.review} to review); RSS ${baseline} → ${afterFirst} → ${rssMb()} MB`,
  );
}

const postgresTarget = () => postgresBenchDatabase('registers');

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
{
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await bench('PGlite (in memory)', database);
  } finally {
    await database.close();
  }
}
const server = await postgresTarget();
if (server) {
  try {
    await bench('PostgreSQL', server.database);
  } finally {
    await server.drop();
  }
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
