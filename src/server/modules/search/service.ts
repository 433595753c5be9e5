/**
 * Smart search and investor matching (issue 4). The offline parser reads the query; the
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
import type { MatchReason, Recommendations, SearchFilterKey, SearchResponse } from '../../../core/schemas/search';
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
import { listPublicProperties } from '../properties/service';

/** Investor budget ranges in AED (spec §3 investor budget). */
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

type Found = {
  professionals: { items: DirectoryCard[]; total: number };
  props: { items: Property[]; total: number };
};

/**
 * The order in which a search that found nothing is relaxed (issue 17): leftover words, then the
 * specialization, then the area widened to its emirate, then the language, then the rest. Each
 * is first tried alone (the closest result keeps every other filter), then together with the
 * ones before it.
 */
export const RELAX_ORDER = [
  'text',
  'specialization',
  'area',
  'language',
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

/** The relaxed searches to try, closest first; each names the filters it relaxed. */
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

function respond(
  filters: SearchFilters,
  source: SearchResponse['source'],
  found: Found,
  shown: SearchFilters,
  relaxed: SearchFilterKey[],
): SearchResponse {
  return {
    filters,
    source,
    relaxed,
    shown,
    professionals: found.professionals.items,
    professionalsTotal: found.professionals.total,
    properties: found.props.items,
    propertiesTotal: found.props.total,
  };
}

export function createSearchService(ctx: AppContext, refiner: SearchRefiner | null) {
  const { db } = ctx;

  /** People and listings for the filters; `pro`/`prop` (what the query asked for) stay as first read. */
  async function find(filters: SearchFilters, pro: boolean, prop: boolean, limit: number): Promise<Found> {
    const emirate = emirateOf(filters);
    const place = { emirate, location: filters.area };
    let professionals: Found['professionals'] = { items: [], total: 0 };
    if (pro || !prop) {
      professionals = await listDirectoryCards(db, {
        role: filters.role,
        language: filters.language,
        ...place,
        specialization: filters.specialization,
        bank: filters.bank,
        nationality: filters.nationality,
        verified: filters.verified || undefined,
        search: filters.text,
        sort: 'newest',
        limit,
        offset: 0,
      });
    } else if (emirate || filters.area) {
      // A listing search also shows the brokers who work where the listings are.
      professionals = await listDirectoryCards(db, { role: 'broker', ...place, sort: 'newest', limit, offset: 0 });
    }
    let props: Found['props'] = { items: [], total: 0 };
    if (prop || !pro) {
      props = await listPublicProperties(db, {
        statuses: filters.status ? [filters.status] : ['for_sale', 'for_rent'],
        type: filters.propertyType,
        ...place,
        bedrooms: filters.bedrooms,
        minPrice: filters.minPrice,
        maxPrice: filters.maxPrice,
        search: filters.text,
        sort: 'newest',
        limit,
        offset: 0,
      });
    }
    return { professionals, props };
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
      const first = await find(filters, pro, prop, limit);
      if (exact || first.professionals.total + first.props.total > 0) {
        return respond(filters, source, first, filters, []);
      }
      // Never a dead end (issue 17): relax what was read until something matches.
      for (const attempt of relaxations(filters)) {
        const found = await find(attempt.filters, pro, prop, limit);
        if (found.professionals.total + found.props.total > 0) {
          return respond(filters, source, found, attempt.filters, attempt.relaxed);
        }
      }
      return respond(filters, source, first, filters, []);
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
      let listings = (await listPublicProperties(db, { ...base, regions: hasRegions ? regions : undefined })).items;
      if (listings.length === 0 && hasRegions) listings = (await listPublicProperties(db, base)).items;
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
