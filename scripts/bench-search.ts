/**
 * `npm run bench:search`: how well search answers what people type. Runs every query of
 * scripts/search-queries.ts against the production build with the demo data and reports, per
 * kind and overall:
 *   - precision at 5: of the first five results, the share that is relevant, out of
 *     min(5, number of relevant results) — 1.0 when the top of the list is all right;
 *   - the zero-result rate: queries that showed nothing at all.
 * Smart search runs twice: "exact" (exact=1, the behaviour before relaxed filters: no relaxing) and as
 * shipped. BENCH_SEARCH_VERBOSE=1 lists every query under 1.0 with what came back.
 */
import { QUERIES, type ListingWant, type PeopleWant, type Query, swappedLetterQueries } from './search-queries';
import { startDemoServer } from './lib/demo-server';

interface Card {
  name: string;
  roleTitle: string | null;
  languages: string[];
  emirate: string | null;
  area: string | null;
  bankName: string | null;
  nationality: string | null;
  gender?: string | null;
  user: { role: string };
}
interface Listing {
  title: string;
  propertyType: string;
  bedrooms: number | null;
  city: string;
  location: string | null;
  price: number;
  status: string;
}
interface Service {
  name: string;
}

const ROLE: Record<string, string> = {
  broker: 'real_estate_broker',
  banking_broker: 'banking_broker',
  developer: 'real_estate_developer',
  investor: 'investor',
};

function personFits(c: Card, w: PeopleWant): boolean {
  if (w.names) return w.names.includes(c.name);
  return (
    (!w.role || c.user.role === ROLE[w.role]) &&
    (!w.language || c.languages.includes(w.language)) &&
    (!w.emirate || c.emirate === w.emirate) &&
    (!w.area || c.area === w.area) &&
    (!w.specialization || c.roleTitle === w.specialization) &&
    (!w.bank || c.bankName === w.bank) &&
    (!w.nationality || c.nationality === w.nationality) &&
    (!w.gender || c.gender === w.gender)
  );
}

function listingFits(p: Listing, w: ListingWant): boolean {
  return (
    (!w.type || p.propertyType === w.type) &&
    (!w.types || w.types.includes(p.propertyType)) &&
    (!w.status || p.status === w.status) &&
    (w.bedrooms === undefined || p.bedrooms === w.bedrooms) &&
    (!w.emirate || p.city === w.emirate) &&
    (!w.area || p.location === w.area) &&
    (w.maxPrice === undefined || p.price <= w.maxPrice) &&
    (w.minPrice === undefined || p.price >= w.minPrice)
  );
}

async function all<T>(base: string, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += 48) {
    const sep = path.includes('?') ? '&' : '?';
    const page = (await (await fetch(`${base}${path}${sep}limit=48&offset=${offset}`)).json()) as T[];
    out.push(...page);
    if (page.length < 48) return out;
  }
}

interface Score {
  precision: number;
  zero: boolean;
  got: string[];
  relevant: number;
}

function score(got: string[], relevant: Set<string>): Score {
  const top = got.slice(0, 5);
  const hits = top.filter((x) => relevant.has(x)).length;
  return { precision: hits / Math.min(5, relevant.size), zero: got.length === 0, got: top, relevant: relevant.size };
}

async function main() {
  // Each query comes from its own visitor address (believed from the local proxy, i.e. this
  // script): real searches come from many people, and the per-address limit is not measured here.
  const demo = await startDemoServer({ TRUST_PROXY: '127.0.0.1' });
  try {
    const { base } = demo;
    const cards = await all<Card>(base, '/api/business-cards/public');
    const listings = [
      ...(await all<Listing>(base, '/api/properties?status=for_sale')),
      ...(await all<Listing>(base, '/api/properties?status=for_rent')),
    ];
    const services = await all<Service>(base, '/api/services');

    const relevantOf = (query: Query): Set<string> => {
      if (query.kind === 'people' || query.kind === 'directory')
        return new Set(cards.filter((c) => personFits(c, query.want)).map((c) => c.name));
      if (query.kind === 'listings')
        return new Set(listings.filter((p) => listingFits(p, query.want)).map((p) => p.title));
      return new Set(query.want.names.filter((n) => services.some((s) => s.name === n)));
    };

    let visitor = 0;
    const get = async (path: string) => {
      visitor++;
      const res = await fetch(`${base}${path}`, {
        headers: { 'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` },
      });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      return res.json();
    };
    const ask = async (query: Query, exact: boolean): Promise<string[]> => {
      if (query.kind === 'directory') {
        const found = (await get(
          `/api/business-cards/public?search=${encodeURIComponent(query.q)}&limit=12`,
        )) as Card[];
        return found.map((c) => c.name);
      }
      if (query.kind === 'services') {
        const found = (await get(`/api/services?search=${encodeURIComponent(query.q)}&limit=12`)) as Service[];
        return found.map((s) => s.name);
      }
      const res = {
        json: () => get(`/api/search?q=${encodeURIComponent(query.q)}&limit=12${exact ? '&exact=1' : ''}`),
      };
      const body = (await res.json()) as { professionals: Card[]; properties: Listing[]; services?: Service[] };
      if (query.kind === 'smart-services') return (body.services ?? []).map((s) => s.name);
      return query.kind === 'people' ? body.professionals.map((c) => c.name) : body.properties.map((p) => p.title);
    };

    type Row = { query: Query; exact: Score; shipped: Score };
    const rows: Row[] = [];
    const unjudgeable: string[] = [];
    const queries = [...QUERIES, ...swappedLetterQueries(cards.map((c) => c.name))];
    for (const query of queries) {
      const relevant = relevantOf(query);
      if (relevant.size === 0) {
        unjudgeable.push(query.q);
        continue;
      }
      rows.push({
        query,
        exact: score(await ask(query, true), relevant),
        shipped: score(await ask(query, false), relevant),
      });
    }

    const summary = (list: Row[], mode: 'exact' | 'shipped') => {
      const n = list.length || 1;
      const p5 = list.reduce((sum, r) => sum + r[mode].precision, 0) / n;
      const zero = list.filter((r) => r[mode].zero).length / n;
      return `${p5.toFixed(2)} | ${(zero * 100).toFixed(0)} %`;
    };
    console.log(
      `bench:search — ${rows.length} queries judged on the demo data (${cards.length} cards, ${listings.length} listings, ${services.length} services)\n`,
    );
    console.log('| queries | n | exact: P@5 | exact: zero results | shipped: P@5 | shipped: zero results |');
    console.log('|---|---|---|---|---|---|');
    for (const kind of ['people', 'directory', 'listings', 'services', 'smart-services', 'all'] as const) {
      const list = kind === 'all' ? rows : rows.filter((r) => r.query.kind === kind);
      console.log(`| ${kind} | ${list.length} | ${summary(list, 'exact')} | ${summary(list, 'shipped')} |`);
    }
    if (unjudgeable.length)
      console.log(`\nNot judged (nothing in the demo data fits the intent): ${unjudgeable.join('; ')}`);
    if (process.env.BENCH_SEARCH_VERBOSE === '1') {
      console.log('\nUnder 1.0 as shipped:');
      for (const r of rows.filter((x) => x.shipped.precision < 1)) {
        console.log(
          `  ${r.shipped.precision.toFixed(2)}  "${r.query.q}" (${r.shipped.relevant} relevant) → ${r.shipped.got.join(', ') || '(nothing)'}`,
        );
      }
    }
  } finally {
    await demo.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
