/**
 * Streams of different directory, listing and smart-search queries, as many visitors asking many
 * things at once: `npm run bench:http -- --miss` sends them (no two alike, so no cache answers),
 * and the query-plan test plans a sample of the same ones. Random but repeatable: the same seed
 * gives the same queries, so a before and an after run ask the same things.
 */
import { DIRECTORY_LANGUAGES, EMIRATES, NATIONALITIES, PROPERTY_TYPES } from '../../src/core/enums';
import { DIRECTORY_ROLES, DIRECTORY_SORTS, PROPERTY_SORTS, SPECIALIZATIONS } from '../../src/core/filter-options';
import { AREAS } from '../../src/core/places';

/** mulberry32: a small seeded generator, enough to pick filters. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const chance = (r: Rand, p: number) => r() < p;

/** Words people type in the directory box: places, trades, companies, first names and surnames. */
const DIRECTORY_WORDS = [
  'marina',
  'downtown',
  'jbr',
  'palm',
  'business bay',
  'difc',
  'jumeirah',
  'hills',
  'mortgage',
  'consultant',
  'senior',
  'advisor',
  'director',
  'investor',
  'emaar',
  'allsopp',
  'betterhomes',
  'driven',
  'homes',
  'property',
  'villa',
  'finance',
  'loans',
  'off plan',
  'leasing',
  'residential',
  'commercial',
  'specialist',
  'ahmed',
  'fatima',
  'omar',
  'sara',
  'rahul',
  'priya',
  'james',
  'layla',
  'yousef',
  'mariam',
  'haddad',
  'khalid',
  'nair',
  'carter',
  'raza',
  'aboud',
  'mansoori',
  'falasi',
  'arabic',
  'hindi',
  'russian',
  'french',
  'مرسى',
  'دبي',
  'أحمد',
];

/** Surnames of the bench and demo data with a typo (swapped, missing, doubled or wrong letter). */
const SURNAME_TYPOS = [
  'mansuri',
  'mnasoori',
  'mansouri',
  'hadad',
  'hdadad',
  'khaleed',
  'kahlid',
  'carterr',
  'crater',
  'falasy',
  'flaasi',
  'abboud',
  'aboude',
  'nairr',
  'razza',
  'ahmad',
  'fatma',
  'yousif',
  'mariyam',
  'priyah',
];

const PAGE_SIZES = [12, 12, 12, 24];

function page(r: Rand, q: URLSearchParams) {
  const limit = pick(r, PAGE_SIZES);
  if (limit !== 12) q.set('limit', String(limit));
  // Most visitors stay on the first pages; a few go deep.
  const n = chance(r, 0.55) ? 0 : chance(r, 0.8) ? 1 + Math.floor(r() * 4) : 5 + Math.floor(r() * 40);
  if (n) q.set('offset', String(n * limit));
}

/** One directory query string (without the leading "?"). */
export function directoryQuery(r: Rand): string {
  const q = new URLSearchParams();
  if (chance(r, 0.6)) q.set('role', pick(r, DIRECTORY_ROLES));
  if (chance(r, 0.35)) q.set('language', pick(r, DIRECTORY_LANGUAGES));
  if (chance(r, 0.4)) q.set('city', pick(r, EMIRATES.slice(0, 4)));
  if (chance(r, 0.2)) q.set('location', pick(r, AREAS).name);
  if (chance(r, 0.15)) q.set('specialization', pick(r, SPECIALIZATIONS));
  if (chance(r, 0.08)) q.set('nationality', pick(r, NATIONALITIES));
  if (chance(r, 0.08)) q.set('verified', 'true');
  const text = r();
  if (text < 0.3) {
    const words = [pick(r, DIRECTORY_WORDS)];
    if (chance(r, 0.35)) words.push(pick(r, DIRECTORY_WORDS));
    q.set('search', words.join(' '));
  } else if (text < 0.42) {
    q.set('search', pick(r, SURNAME_TYPOS));
  }
  if (chance(r, 0.6)) q.set('sort', pick(r, DIRECTORY_SORTS));
  page(r, q);
  return q.toString();
}

const PROPERTY_WORDS = ['pool', 'gym', 'balcony', 'parking', 'marina', 'listing', 'view', 'sea', 'furnished'];
const PRICE_BANDS: [number | undefined, number | undefined][] = [
  [undefined, 500_000],
  [500_000, 1_000_000],
  [1_000_000, 2_000_000],
  [2_000_000, 5_000_000],
  [5_000_000, undefined],
  [1_000_000, 3_000_000],
  [undefined, 100_000],
  [50_000, 200_000],
];

/** One listings query string. */
export function propertyQuery(r: Rand): string {
  const q = new URLSearchParams();
  if (chance(r, 0.35)) q.set('status', 'for_rent');
  if (chance(r, 0.5)) q.set('type', pick(r, PROPERTY_TYPES.slice(0, 5)));
  if (chance(r, 0.5)) q.set('city', pick(r, EMIRATES.slice(0, 3)));
  if (chance(r, 0.25)) q.set('location', pick(r, AREAS.slice(0, 12)).name);
  if (chance(r, 0.5)) {
    const [min, max] = pick(r, PRICE_BANDS);
    // A little jitter: the same band typed by two visitors is rarely the same number.
    const j = 1 + Math.floor(r() * 20) * 0.01;
    if (min !== undefined) q.set('minPrice', String(Math.round(min * j)));
    if (max !== undefined) q.set('maxPrice', String(Math.round(max * j)));
  }
  if (chance(r, 0.35)) q.set('bedrooms', String(Math.floor(r() * 6)));
  if (chance(r, 0.12)) q.set('search', pick(r, PROPERTY_WORDS));
  if (chance(r, 0.7)) q.set('sort', pick(r, PROPERTY_SORTS));
  page(r, q);
  return q.toString();
}

const WHO = ['broker', 'agent', 'mortgage broker', 'developer', 'investor', 'banker', 'property consultant'];
const SPEAKS = ['arabic', 'hindi', 'russian', 'french', 'english', 'urdu'];
const PLACES = [
  'dubai marina',
  'downtown dubai',
  'jbr',
  'business bay',
  'palm jumeirah',
  'dubai hills',
  'abu dhabi',
  'sharjah',
  'jumeirah',
  'difc',
];
const HOMES = ['apartment', 'villa', 'townhouse', 'penthouse', 'studio'];

/** One smart-search sentence: people or listings, in the shapes the search box meets. */
export function smartSentence(r: Rand): string {
  const place = pick(r, PLACES);
  switch (Math.floor(r() * 6)) {
    case 0:
      return `${pick(r, SPEAKS)} speaking ${pick(r, WHO)} in ${place}`;
    case 1:
      return `${pick(r, WHO)} ${place} ${pick(r, ['mortgage', 'off plan', 'leasing', 'luxury', 'verified'])}`;
    case 2:
      return `${1 + Math.floor(r() * 4)} bedroom ${pick(r, HOMES)} in ${place} under ${1 + Math.floor(r() * 9)}m`;
    case 3:
      return `${pick(r, HOMES)} for ${pick(r, ['rent', 'sale'])} ${place}`;
    case 4:
      return `${pick(r, SURNAME_TYPOS)} ${pick(r, WHO)}`;
    default:
      return `${pick(r, WHO)} who speaks ${pick(r, SPEAKS)} near ${place}`;
  }
}

/** `n` different queries from `make` (the same seed gives the same list). */
export function distinct(n: number, seed: number, make: (r: Rand) => string): string[] {
  const r = seeded(seed);
  const out = new Set<string>();
  for (let tries = 0; out.size < n && tries < n * 50; tries++) out.add(make(r));
  return [...out];
}
