/**
 * Smart search and investor matching. The offline parser reads the query; the
 * configured AI, when there is one, may add filters the parser missed but never changes one it
 * read. Professionals and listings then come from the same queries as the directory and
 * /properties, so a chip removed on the results page gives the same answer as those pages.
 */
import { desc, eq } from 'drizzle-orm';
import type { Emirate, InvestorBudget } from '../../../core/enums';
import { formatPriceAed } from '../../../core/format';
import { areaByName, EMIRATE_NAMES, emirateFromName } from '../../../core/places';
import type { DirectoryCard } from '../../../core/schemas/directory';
import type { Property } from '../../../core/schemas/properties';
import type {
  MatchReason,
  Recommendations,
  SearchFilterKey,
  SearchResponse,
  Widened,
} from '../../../core/schemas/search';
import {
  asksForProfessionals,
  asksForProperties,
  parseSearchQuery,
  type SearchFilters,
} from '../../../core/search/parse';
import type { AppContext } from '../../context';
import { businessCards, type User } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { SearchRefiner } from '../../platform/ai/search-refiner';
import { listDirectoryCards } from '../directory/service';
import { listingDay, listPublicProperties, type PropertyFilter } from '../properties/service';
import { listPublicServices } from '../services/service';
import { BEDROOM_SLACK, nearbyAreas, PRICE_SLACK, typeFamily } from '../../../core/search/near';

/** Investor budget ranges in AED, one per budget a card may name. */
export const BUDGET_RANGES: Record<InvestorBudget, [number, number | null]> = {
  under_500k: [0, 500_000],
  '500k_1m': [500_000, 1_000_000],
  '1m_2m': [1_000_000, 2_000_000],
  '2m_5m': [2_000_000, 5_000_000],
  '5m_10m': [5_000_000, 10_000_000],
  '10m_plus': [10_000_000, null],
};

const RECOMMEND_LIMIT = 6;
const CANDIDATES = 40;

function emirateOf(f: SearchFilters): Emirate | undefined {
  return f.city ? (emirateFromName(f.city) ?? undefined) : undefined;
}

/** Regions of interest as areas and emirates, read with the same parser as the search box. */
export function readRegions(regions: string[]): { areas: string[]; emirates: Emirate[] } {
  const areas = new Set<string>();
  const emirates = new Set<Emirate>();
  for (const region of regions) {
    const f = parseSearchQuery(region);
    if (f.area) areas.add(f.area);
    const e = emirateOf(f);
    if (e) emirates.add(e);
  }
  return { areas: [...areas], emirates: [...emirates] };
}

const REASON_TEXT: Record<MatchReason['code'], (value: string) => string> = {
  region: (v) => `In ${v}, one of your regions`,
  city: (v) => `Covers ${v}`,
  budget: (v) => `Within your budget (${v})`,
  interest: (v) => `Matches your interest in ${v}`,
  specialization: (v) => `Specialises in ${v}`,
  language: (v) => `Speaks ${v}`,
};

function reasonText(reasons: MatchReason[]): string {
  return reasons.map((r) => REASON_TEXT[r.code](r.value)).join(' · ');
}

const SPECIALIZATION_LABEL: Record<string, string> = {
  investment_advisory: 'investment advisory',
  off_plan_projects: 'off-plan projects',
  investment_loans: 'investment loans',
  home_loans: 'home loans',
  luxury_developments: 'luxury developments',
};
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The order in which a people search that found nothing is relaxed: leftover words,
 * then the specialization, then the area widened to its emirate, then the language, the gender,
 * and the rest. Each is first tried alone (the closest result keeps every other filter), then
 * together with the ones before it.
 */
export const RELAX_ORDER = [
  'text',
  'specialization',
  'area',
  'language',
  'gender',
  'bedrooms',
  'nationality',
  'verified',
] as const;

function relax(f: SearchFilters, keys: readonly SearchFilterKey[]): SearchFilters {
  const next: SearchFilters = { ...f };
  for (const key of keys) {
    if (key === 'area' && f.area && !f.city) {
      const emirate = areaByName(f.area)?.emirate;
      if (emirate) next.city = EMIRATE_NAMES[emirate];
    }
    delete next[key];
  }
  return next;
}

/** The relaxed people searches to try, closest first; each names the filters it relaxed. */
export function relaxations(f: SearchFilters): { filters: SearchFilters; relaxed: SearchFilterKey[] }[] {
  const present = RELAX_ORDER.filter((key) => f[key] !== undefined && f[key] !== false);
  const out: { filters: SearchFilters; relaxed: SearchFilterKey[] }[] = present.map((key) => ({
    filters: relax(f, [key]),
    relaxed: [key],
  }));
  for (let n = 2; n <= present.length; n++) {
    const keys = present.slice(0, n);
    out.push({ filters: relax(f, keys), relaxed: keys });
  }
  // Relaxing everything would show anything at all: that is not a closest match.
  return out.filter((attempt) => Object.keys(attempt.filters).length > 0);
}

/** A listing search: the filters read, and how they were widened when nothing matched them. */
interface ListingScope {
  filters: SearchFilters;
  widened: Widened;
  relaxed: SearchFilterKey[];
}

/**
 * The listing searches to try when nothing matched, closest first, in the stated order: the
 * leftover words; the area, to its neighbours and then to its city; the price, 15 % either way;
 * the bedrooms, one either way; the type, to its family. Each step is tried alone first, then on
 * top of the ones before it. Rent or sale is never relaxed: a buyer's price cap never shows
 * rentals.
 */
export function listingRelaxations(f: SearchFilters): ListingScope[] {
  type Step = (scope: ListingScope) => ListingScope | null;
  const add = (scope: ListingScope, keys: SearchFilterKey[], filters: SearchFilters, widened: Widened) => ({
    filters,
    widened: { ...scope.widened, ...widened },
    relaxed: [...new Set([...scope.relaxed, ...keys])],
  });
  const text: Step = (s) => (s.filters.text ? add(s, ['text'], { ...s.filters, text: undefined }, {}) : null);
  const near: Step = (s) => {
    const areas = s.filters.area ? nearbyAreas(s.filters.area) : [];
    return areas.length ? add(s, ['area'], s.filters, { areas: [s.filters.area as string, ...areas] }) : null;
  };
  const city: Step = (s) => {
    if (!s.filters.area) return null;
    const emirate = areaByName(s.filters.area)?.emirate;
    const next: SearchFilters = {
      ...s.filters,
      area: undefined,
      city: s.filters.city ?? (emirate && EMIRATE_NAMES[emirate]),
    };
    return add(s, ['area'], next, { areas: undefined, city: next.city });
  };
  const price: Step = (s) => {
    const { minPrice, maxPrice } = s.filters;
    if (minPrice === undefined && maxPrice === undefined) return null;
    const keys: SearchFilterKey[] = [];
    const next = { ...s.filters };
    if (minPrice !== undefined) {
      next.minPrice = Math.floor(minPrice * (1 - PRICE_SLACK));
      keys.push('minPrice');
    }
    if (maxPrice !== undefined) {
      next.maxPrice = Math.ceil(maxPrice * (1 + PRICE_SLACK));
      keys.push('maxPrice');
    }
    return add(s, keys, next, { minPrice: next.minPrice, maxPrice: next.maxPrice });
  };
  const bedrooms: Step = (s) => {
    const b = s.filters.bedrooms;
    if (b === undefined) return null;
    return add(
      s,
      ['bedrooms'],
      { ...s.filters, bedrooms: undefined },
      { minBedrooms: Math.max(0, b - BEDROOM_SLACK), maxBedrooms: b + BEDROOM_SLACK },
    );
  };
  const type: Step = (s) => {
    const t = s.filters.propertyType;
    const family = t ? typeFamily(t) : [];
    return family.length > 1 ? add(s, ['propertyType'], s.filters, { propertyTypes: family }) : null;
  };
  const start: ListingScope = { filters: f, widened: {}, relaxed: [] };
  const out: ListingScope[] = [];
  const seen = new Set<string>();
  const push = (scope: ListingScope | null) => {
    if (!scope) return;
    const key = JSON.stringify([scope.filters, scope.widened]);
    if (seen.has(key)) return;
    seen.add(key);
    // Relaxing everything would show anything at all: that is not a closest match.
    const left = Object.values(scope.filters).some((v) => v !== undefined) || Object.keys(scope.widened).length > 0;
    if (left) out.push(scope);
  };
  const steps: Step[][] = [[text], [near, city], [price], [bedrooms], [type]];
  // Alone, in order.
  for (const group of steps) for (const step of group) push(step(start));
  // Together: each step on top of the ones before it (the area first to its neighbours, then its city).
  for (const areaStep of [near, city]) {
    let scope: ListingScope = text(start) ?? start;
    scope = areaStep(scope) ?? scope;
    for (const step of [price, bedrooms, type]) {
      const next = step(scope);
      if (!next) continue;
      scope = next;
      push(scope);
    }
  }
  return out;
}

/** Listings' and people's results of one search. */
type Page<T> = { items: T[]; total: number };
const EMPTY = { items: [], total: 0 };

function listingFilter(f: SearchFilters, widened: Widened, limit: number): PropertyFilter {
  const emirate = emirateOf(f);
  return {
    statuses: f.status ? [f.status] : ['for_sale', 'for_rent'],
    ...(widened.propertyTypes ? { types: widened.propertyTypes } : { type: f.propertyType }),
    emirate,
    ...(widened.areas ? { locations: widened.areas } : { location: f.area }),
    bedrooms: f.bedrooms,
    minBedrooms: widened.minBedrooms,
    maxBedrooms: widened.maxBedrooms,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    search: f.text,
    sort: 'newest',
    limit,
    offset: 0,
  };
}

const dropUndefined = (f: SearchFilters): SearchFilters =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as SearchFilters;

export function createSearchService(ctx: AppContext, refiner: SearchRefiner | null) {
  const { db } = ctx;
  /** Public listings on the app's day: a permit that ended yesterday is not found today. */
  const listed = (f: PropertyFilter) => listPublicProperties(db, { ...f, today: listingDay(ctx) });

  function findPeople(filters: SearchFilters, limit: number): Promise<Page<DirectoryCard>> {
    return listDirectoryCards(db, {
      role: filters.role,
      language: filters.language,
      emirate: emirateOf(filters),
      location: filters.area,
      specialization: filters.specialization,
      bank: filters.bank,
      nationality: filters.nationality,
      verified: filters.verified || undefined,
      gender: filters.gender,
      search: filters.text,
      sort: 'newest',
      limit,
      offset: 0,
    });
  }

  return {
    async search(
      q: string,
      limit: number,
      without: readonly SearchFilterKey[] = [],
      client?: string,
      exact = false,
    ): Promise<SearchResponse> {
      const parsed = parseSearchQuery(q);
      let filters = parsed;
      let source: SearchResponse['source'] = 'parser';
      if (refiner) {
        const refined = await refiner.refine(q, parsed, client);
        if (refined) {
          filters = refined;
          source = 'ai';
        }
      }
      // Chips the user removed.
      if (without.length) {
        filters = { ...filters };
        for (const key of without) delete filters[key];
      }
      const pro = asksForProfessionals(filters);
      const prop = asksForProperties(filters);

      // People: what was asked, relaxed until something matches (never a dead end).
      let people: Page<DirectoryCard> = EMPTY;
      let peopleShown = filters;
      let peopleRelaxed: SearchFilterKey[] = [];
      if (pro || !prop) {
        people = await findPeople(filters, limit);
        if (people.total === 0 && !exact) {
          for (const attempt of relaxations(filters)) {
            const found = await findPeople(attempt.filters, limit);
            if (found.total > 0) {
              people = found;
              peopleShown = attempt.filters;
              peopleRelaxed = attempt.relaxed;
              break;
            }
          }
        }
      }

      // Listings: likewise, on their own, so brokers found nearby never hide an empty list.
      let props: Page<Property> = EMPTY;
      let scope: ListingScope = { filters, widened: {}, relaxed: [] };
      if (prop || !pro) {
        props = await listed(listingFilter(filters, {}, limit));
        if (props.total === 0 && !exact) {
          for (const attempt of listingRelaxations(filters)) {
            const found = await listed(listingFilter(attempt.filters, attempt.widened, limit));
            if (found.total > 0) {
              props = found;
              scope = attempt;
              break;
            }
          }
        }
      }

      // A listing search also shows the brokers who work where the listings are.
      if (prop && !pro && (emirateOf(filters) || filters.area)) {
        people = await listDirectoryCards(db, {
          role: 'broker',
          emirate: emirateOf(filters),
          location: filters.area,
          sort: 'newest',
          limit,
          offset: 0,
        });
      }

      // Services whose text has every word of the query (with synonyms in both languages).
      const services = await listPublicServices(db, { search: q, limit, offset: 0 });

      const peopleFirst = pro || !prop;
      return {
        filters,
        source,
        relaxed: [...new Set([...peopleRelaxed, ...scope.relaxed])],
        shown: peopleFirst ? peopleShown : dropUndefined(scope.filters),
        widened: scope.widened,
        professionals: people.items,
        professionalsTotal: people.total,
        properties: props.items,
        propertiesTotal: props.total,
        services: services.items,
        servicesTotal: services.total,
      };
    },

    /** "Recommended for you": brokers and listings that fit an investor card, each with why. */
    async recommend(user: User): Promise<Recommendations> {
      if (user.role !== 'investor') throw forbidden('Recommendations are for investors.', 'INVESTOR_ONLY');
      const [card] = await db
        .select()
        .from(businessCards)
        .where(eq(businessCards.userId, user.id))
        .orderBy(desc(businessCards.createdAt))
        .limit(1);
      if (!card) {
        throw new AppError(404, 'INVESTOR_CARD_REQUIRED', 'Create your investor card to get recommendations.');
      }
      const budget = (card.investmentBudgetRange ?? null) as InvestorBudget | null;
      const [minPrice, maxPrice] = budget && BUDGET_RANGES[budget] ? BUDGET_RANGES[budget] : [null, null];
      const regions = readRegions(card.regionsOfInterest);
      const interests = card.investmentInterests;
      const budgetLabel =
        minPrice !== null
          ? maxPrice !== null
            ? `${formatPriceAed(minPrice)}–${formatPriceAed(maxPrice)}`
            : `${formatPriceAed(minPrice)}+`
          : '';

      // Professionals: brokers (and developers for real estate, banking brokers for banking).
      const roles: ('broker' | 'banking_broker' | 'developer')[] = ['broker'];
      if (interests.includes('real_estate')) roles.push('developer');
      if (interests.includes('banking')) roles.push('banking_broker');
      const hasRegions = regions.areas.length + regions.emirates.length > 0;
      let candidates = (
        await listDirectoryCards(db, {
          roles,
          regions: hasRegions ? regions : undefined,
          excludeUserId: user.id,
          sort: 'newest',
          limit: CANDIDATES,
          offset: 0,
        })
      ).items;
      if (candidates.length === 0 && hasRegions) {
        candidates = (
          await listDirectoryCards(db, { roles, excludeUserId: user.id, sort: 'newest', limit: CANDIDATES, offset: 0 })
        ).items;
      }
      const scoredPros = candidates.map((c) => {
        const reasons: MatchReason[] = [];
        let score = 0;
        const inArea = regions.areas.find(
          (a) => c.area?.toLowerCase() === a.toLowerCase() || c.officeAddress?.toLowerCase().includes(a.toLowerCase()),
        );
        if (inArea) {
          reasons.push({ code: 'region', value: inArea });
          score += 3;
        } else if (c.emirate && regions.emirates.includes(c.emirate) && c.city) {
          reasons.push({ code: 'city', value: c.city });
          score += 2;
        }
        const spec = c.roleTitle ?? c.propertySpecialization[0];
        if (spec && SPECIALIZATION_LABEL[spec]) {
          reasons.push({ code: 'specialization', value: SPECIALIZATION_LABEL[spec] });
          score += 2;
        }
        if (c.user.role === 'banking_broker' && interests.includes('banking')) {
          reasons.push({ code: 'interest', value: 'banking' });
          score += 1;
        } else if (c.user.role === 'real_estate_developer' && interests.includes('real_estate')) {
          reasons.push({ code: 'interest', value: 'real estate' });
          score += 1;
        }
        const shared = c.languages.find((l) => card.languages.includes(l) && l !== 'english');
        if (shared) {
          reasons.push({ code: 'language', value: cap(shared) });
          score += 1;
        }
        if (c.licenseVerified) score += 0.5;
        return { card: c, reasons, score };
      });
      scoredPros.sort((a, b) => b.score - a.score);
      const professionals = scoredPros
        .filter((s) => s.reasons.length > 0)
        .slice(0, RECOMMEND_LIMIT)
        .map(({ card: c, reasons }) => ({ card: c, reasons, reason: reasonText(reasons) }));

      // Listings for sale within the budget, in the regions when any match.
      const base = {
        statuses: ['for_sale' as const],
        minPrice: minPrice ?? undefined,
        maxPrice: maxPrice ?? undefined,
        excludeUserId: user.id,
        sort: 'newest' as const,
        limit: CANDIDATES,
        offset: 0,
      };
      let listings = (await listed({ ...base, regions: hasRegions ? regions : undefined })).items;
      if (listings.length === 0 && hasRegions) listings = (await listed(base)).items;
      const scoredProps = listings.map((p) => {
        const reasons: MatchReason[] = [];
        let score = 0;
        const inArea = regions.areas.find((a) => p.location?.toLowerCase() === a.toLowerCase());
        if (inArea) {
          reasons.push({ code: 'region', value: inArea });
          score += 3;
        } else if (p.city && regions.emirates.some((e) => emirateFromName(p.city ?? '') === e)) {
          reasons.push({ code: 'city', value: p.city });
          score += 2;
        }
        if (budgetLabel) {
          reasons.push({ code: 'budget', value: budgetLabel });
          score += 1;
        }
        if (interests.includes('retail') && (p.propertyType === 'retail' || p.propertyType === 'office')) {
          reasons.push({ code: 'interest', value: 'retail' });
          score += 1;
        }
        return { property: p, reasons, score };
      });
      scoredProps.sort((a, b) => b.score - a.score);
      const props = scoredProps
        .filter((s) => s.reasons.length > 0)
        .slice(0, RECOMMEND_LIMIT)
        .map(({ property, reasons }) => ({ property, reasons, reason: reasonText(reasons) }));

      return {
        profile: {
          cardId: card.id,
          budget,
          minPrice,
          maxPrice,
          interests,
          regions: card.regionsOfInterest,
        },
        professionals,
        properties: props,
      };
    },
  };
}
