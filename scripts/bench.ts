/**
 * `npm run bench`: directory and property searches at the scale the product is designed for
 * (25,000 cards, 100,000 listings). Fills a fresh database with generate_series, then times the
 * real API routes through app.inject and prints the median and p95 per query.
 *
 * Embedded PGlite by default; BENCH_DATABASE_URL=postgres://… runs it on a PostgreSQL server
 * (the database must be empty: it is filled, not cleaned).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { testConfig } from '../tests/helpers/app';

const CARDS = Number(process.env.BENCH_CARDS ?? 25_000);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const USERS = Math.ceil(CARDS / 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function fill(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const t0 = performance.now();
  await db.execute(sql`
    insert into users (email, first_name, last_name, phone_number, country_code, role, role_chosen, is_email_verified,
                       subscription_status, subscription_period_end)
    select 'bench' || g || '@example.com',
           (array['Ahmed','Fatima','Omar','Sara','Rahul','Priya','James','Layla','Yousef','Mariam'])[1 + g % 10],
           (array['Al Mansoori','Haddad','Khalid','Nair','Carter','Al Falasi','Raza','Aboud'])[1 + g % 8] || ' ' || g,
           '50' || lpad(g::text, 7, '0'), '+971',
           (array['real_estate_broker','banking_broker','real_estate_developer','investor'])[1 + g % 4]::user_role,
           true, true, 'active', now() + interval '200 days'
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into business_cards (user_id, name, profession, company, role_title, languages, emirate, area, professional_bio,
                                bank_name, status, is_public, license_verified, nationality)
    select u.id, u.first_name || ' ' || u.last_name,
           (array['Senior Property Consultant','Mortgage Advisor','Development Director','Private Investor'])[1 + c % 4],
           (array['Marina Homes','Emaar','Betterhomes','Allsopp','Driven','fäm Properties'])[1 + c % 6],
           (array['residential_sales','off_plan_projects','home_loans','commercial_leasing'])[1 + c % 4],
           string_to_array((array['english,arabic','english,hindi','arabic,french','english,russian'])[1 + c % 4], ',')::language[],
           (array['dubai','abu_dhabi','sharjah','ajman','dubai','dubai'])[1 + c % 6]::emirate,
           (array['Dubai Marina','Downtown Dubai','JBR','Business Bay','DIFC','Jumeirah','Palm Jumeirah','Dubai Hills'])[1 + c % 8],
           'Helping clients buy, sell and finance homes across the UAE. Specialist number ' || c,
           (array['emirates_nbd','adcb','mashreq_bank',null])[1 + c % 4],
           (array['approved','approved','approved','approved','approved','approved','pending'])[1 + c % 7]::card_status,
           c % 7 <> 6, c % 5 = 0,
           (array['uae','indian','british','egyptian'])[1 + c % 4]::nationality
    from generate_series(1, ${CARDS}) c
    join lateral (select id, first_name, last_name from users where email = 'bench' || (1 + c % ${USERS}) || '@example.com') u on true`);
  await db.execute(sql`
    insert into properties (user_id, title, property_type, status, price, bedrooms, bathrooms, area, city, location, features, is_approved)
    select u.id, 'Listing ' || p,
           (array['apartment','villa','townhouse','penthouse','studio'])[1 + p % 5]::property_type,
           (array['for_sale','for_rent'])[1 + p % 2]::property_status,
           case when p % 2 = 0 then 400000 + (p * 7919) % 20000000 else 30000 + (p * 131) % 600000 end,
           p % 6, 1 + p % 5, 400 + p % 6000,
           (array['Dubai','Abu Dhabi','Sharjah'])[1 + p % 3],
           (array['Dubai Marina','Downtown Dubai','JBR','Business Bay','Dubai Hills'])[1 + p % 5],
           array['Balcony','Pool','Gym','Parking'], p % 10 <> 0
    from generate_series(1, ${LISTINGS}) p
    join lateral (select id from users where email = 'bench' || (1 + p % ${USERS}) || '@example.com') u on true`);
  await db.execute(sql`analyze`);
  return performance.now() - t0;
}

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
  console.log(`database: ${database.kind}; filling ${USERS} users, ${CARDS} cards, ${LISTINGS} listings…`);
  const fillMs = await fill(database.db);
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
