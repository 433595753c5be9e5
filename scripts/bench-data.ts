/**
 * The benchmark data set: 5,000 users, 25,000 cards, 100,000 listings filled
 * with generate_series. Shared by `npm run bench` (app.inject) and `npm run bench:http` (real HTTP).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

export const BENCH_CARDS = Number(process.env.BENCH_CARDS ?? 25_000);
export const BENCH_LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);

export interface BenchSize {
  cards: number;
  listings: number;
}

/** True when the data set is already there (filled by an earlier run). */
export async function benchFilled(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select exists (select 1 from users where email = 'bench1@example.com') as filled`);
  const rows = (res as unknown as { rows?: { filled: boolean }[] }).rows ?? (res as unknown as { filled: boolean }[]);
  return Boolean(rows[0]?.filled);
}

/** Fills an empty database with the data set; returns the time it took in ms. */
export async function fillBenchData(db: Db, size: BenchSize = { cards: BENCH_CARDS, listings: BENCH_LISTINGS }) {
  const CARDS = size.cards;
  const LISTINGS = size.listings;
  const USERS = Math.ceil(CARDS / 5);

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
