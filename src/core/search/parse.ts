/**
 * The offline smart-search parser: turns a plain request such as
 * "3 bedroom villa for rent in Dubai Hills under 250K" or "بروكر في دبي مارينا" into the
 * directory and listing filters. A pure function of the query, shared by the server
 * (GET /api/search) and the web (search chips), so both read a query the same way.
 */
import { PRICE_MAX } from '../filter-options';
import { foldText, tokenForms, tokenize } from './normalize';
import { SEARCH_QUERY_MAX } from './query-max';
import { type SearchFilters, STOPWORDS, VOCABULARY } from './vocabulary';

export type { SearchFilters, Specialization } from './vocabulary';

type Assign = Partial<SearchFilters>;
interface Phrase {
  tokens: string[];
  set: Assign;
}

/** Phrases by their first token, longest first. Built once. */
const PHRASES = new Map<string, Phrase[]>();
for (const [set, phrases] of VOCABULARY) {
  for (const raw of phrases) {
    const tokens = tokenize(foldText(raw));
    if (tokens.length === 0) continue;
    const list = PHRASES.get(tokens[0]) ?? [];
    list.push({ tokens, set });
    PHRASES.set(tokens[0], list);
  }
}
for (const list of PHRASES.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
// Known words that must not fall through to a shorter form ("sales" is not "sale").
PHRASES.set('sales', [{ tokens: ['sales'], set: {} }]);

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  واحد: 1,
  واحده: 1,
  اثنين: 2,
  اثنان: 2,
  اثنتين: 2,
  ثلاث: 3,
  ثلاثه: 3,
  اربع: 4,
  اربعه: 4,
  خمس: 5,
  خمسه: 5,
  ست: 6,
  سته: 6,
  سبع: 7,
  سبعه: 7,
};
const BED_WORDS = new Set(['bedroom', 'bedrooms', 'bed', 'beds', 'br', 'bhk', 'bdr', 'bd', 'غرف', 'غرفه', 'غرفات']);
const UNITS: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  thousands: 1_000,
  الف: 1_000,
  الاف: 1_000,
  آلاف: 1_000,
  m: 1_000_000,
  mn: 1_000_000,
  mil: 1_000_000,
  million: 1_000_000,
  millions: 1_000_000,
  مليون: 1_000_000,
  ملايين: 1_000_000,
  b: 1_000_000_000,
  bn: 1_000_000_000,
  billion: 1_000_000_000,
  مليار: 1_000_000_000,
};
const CURRENCY = new Set(['aed', 'dhs', 'dh', 'dirham', 'dirhams', 'درهم', 'دراهم']);

type Bound = 'max' | 'min' | 'around' | 'between' | 'from';
/** Comparison phrases (folded tokens) before an amount. Longest first. */
const COMPARATORS: [string[], Bound][] = (
  [
    [['less', 'than'], 'max'],
    [['cheaper', 'than'], 'max'],
    [['not', 'more', 'than'], 'max'],
    [['up', 'to'], 'max'],
    [['no', 'more', 'than'], 'max'],
    [['under'], 'max'],
    [['below'], 'max'],
    [['max'], 'max'],
    [['maximum'], 'max'],
    [['upto'], 'max'],
    [['within'], 'max'],
    [['budget'], 'max'],
    [['<'], 'max'],
    [['<='], 'max'],
    [['اقل', 'من'], 'max'],
    [['تحت'], 'max'],
    [['حتى'], 'max'],
    [['بحد', 'اقصى'], 'max'],
    [['اقصى'], 'max'],
    [['ميزانيه'], 'max'],
    [['لا', 'يزيد', 'عن'], 'max'],
    [['more', 'than'], 'min'],
    [['at', 'least'], 'min'],
    [['over'], 'min'],
    [['above'], 'min'],
    [['min'], 'min'],
    [['minimum'], 'min'],
    [['starting'], 'min'],
    [['>'], 'min'],
    [['>='], 'min'],
    [['اكثر', 'من'], 'min'],
    [['فوق'], 'min'],
    [['على', 'الاقل'], 'min'],
    [['ابتداء', 'من'], 'min'],
    [['around'], 'around'],
    [['about'], 'around'],
    [['approx'], 'around'],
    [['approximately'], 'around'],
    [['حوالي'], 'around'],
    [['تقريبا'], 'around'],
    [['between'], 'between'],
    [['بين'], 'between'],
    [['from'], 'from'],
    [['من'], 'from'],
  ] as [string[], Bound][]
).sort((a, b) => b[0].length - a[0].length);
const RANGE_JOINERS = new Set(['to', 'and', '-', 'الى', 'و', 'حتى']);

interface Amount {
  start: number;
  end: number; // exclusive
  value: number;
  /** Written as a price (unit, currency or a large number), not a bare small number. */
  sure: boolean;
}

const NUMBER_RE = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k|m|mn|b|bn)?\+?$/;

function readNumber(token: string): { value: number; unit?: string } | null {
  const m = NUMBER_RE.exec(token);
  if (!m) return null;
  return { value: Number(m[1].replace(/,/g, '')), unit: m[2] };
}

/** Finds the amounts: "2M", "2.5 million", "AED 250K", "1,200,000 dirhams", "مليونين". */
function findAmounts(tokens: string[]): Amount[] {
  const found: Amount[] = [];
  let i = 0;
  while (i < tokens.length) {
    const start = i;
    let currency = false;
    if (CURRENCY.has(tokens[i]) && i + 1 < tokens.length && readNumber(tokens[i + 1])) {
      currency = true;
      i += 1;
    }
    const t = tokens[i];
    if (t === 'مليونين') {
      found.push({ start, end: i + 1, value: 2_000_000, sure: true });
      i += 1;
      continue;
    }
    const num = readNumber(t);
    if (!num) {
      i = start + 1;
      continue;
    }
    let value = num.value;
    let end = i + 1;
    let sure = currency;
    if (num.unit) {
      value *= UNITS[num.unit];
      sure = true;
    } else if (end < tokens.length && UNITS[tokens[end]] !== undefined) {
      value *= UNITS[tokens[end]];
      end += 1;
      sure = true;
    }
    if (end < tokens.length && CURRENCY.has(tokens[end])) {
      end += 1;
      sure = true;
    }
    if (!Number.isFinite(value) || value > PRICE_MAX) {
      // Beyond any listing's price (and PostgreSQL's integer): a word to search for, not a bound.
      i = start + 1;
      continue;
    }
    if (value >= 1000) sure = true;
    found.push({ start, end, value: Math.round(value), sure });
    i = end;
  }
  return found;
}

function comparatorBefore(tokens: string[], used: boolean[], index: number): { bound: Bound; start: number } | null {
  for (const [words, bound] of COMPARATORS) {
    const start = index - words.length;
    if (start < 0) continue;
    let ok = true;
    for (let k = 0; k < words.length; k++) {
      const tok = tokens[start + k];
      if (used[start + k] || !(tok === words[k] || (k === 0 && tokenForms(tok).includes(words[k])))) {
        ok = false;
        break;
      }
    }
    if (ok) return { bound, start };
  }
  return null;
}

/** Reads the price bounds; marks the tokens it used. */
function readPrices(tokens: string[], used: boolean[], filters: SearchFilters): void {
  const amounts = findAmounts(tokens).filter((a) => !used.slice(a.start, a.end).some(Boolean));
  const mark = (from: number, to: number) => {
    for (let k = from; k < to; k++) used[k] = true;
  };
  for (let n = 0; n < amounts.length; n++) {
    const a = amounts[n];
    if (used[a.start]) continue;
    const cmp = comparatorBefore(tokens, used, a.start);
    const next = amounts[n + 1];
    const joined = next && next.start === a.end + 1 && RANGE_JOINERS.has(tokens[a.end]) && (a.sure || next.sure);
    if (joined && (cmp?.bound === 'between' || cmp?.bound === 'from' || !cmp)) {
      // "between 1M and 2M", "from 800K to 1.2M", "1m-2m"; "1 to 2M" reads both in millions.
      let low = a.value;
      const high = next.value;
      if (!a.sure && next.sure && low < 1000) low *= high >= 1_000_000 ? 1_000_000 : 1_000;
      filters.minPrice ??= Math.min(low, high);
      filters.maxPrice ??= Math.max(low, high);
      mark(cmp ? cmp.start : a.start, next.end);
      n += 1;
      continue;
    }
    if (!cmp && !a.sure) continue;
    if (cmp && cmp.bound !== 'max' && cmp.bound !== 'min' && cmp.bound !== 'around' && !a.sure) continue;
    const bound = cmp?.bound ?? 'max';
    if (bound === 'min' || bound === 'from') filters.minPrice ??= a.value;
    else if (bound === 'around') {
      filters.minPrice ??= Math.round(a.value * 0.9);
      filters.maxPrice ??= Math.round(a.value * 1.1);
    } else filters.maxPrice ??= a.value;
    mark(cmp ? cmp.start : a.start, a.end);
  }
  // "under a million" / "أقل من مليون": a unit word standing alone.
  for (let k = 0; k < tokens.length; k++) {
    if (used[k] || !(tokens[k] === 'مليون' || tokens[k] === 'million')) continue;
    const cmp = comparatorBefore(tokens, used, k);
    if (!cmp) continue;
    if (cmp.bound === 'min' || cmp.bound === 'from') filters.minPrice ??= 1_000_000;
    else filters.maxPrice ??= 1_000_000;
    mark(cmp.start, k + 1);
  }
}

/** Reads "3 bedroom", "3br", "three beds", "3 غرف", "غرفتين". */
function readBedrooms(tokens: string[], used: boolean[], filters: SearchFilters): void {
  for (let k = 0; k < tokens.length; k++) {
    if (used[k]) continue;
    const t = tokens[k];
    if (t === 'غرفتين' || t === 'غرفتان') {
      filters.bedrooms ??= 2;
      used[k] = true;
      continue;
    }
    const glued = /^(\d{1,2})(br|bhk|bed|beds|bedroom|bedrooms|bd|bdr)$/.exec(t);
    if (glued) {
      filters.bedrooms ??= Number(glued[1]);
      used[k] = true;
      continue;
    }
    const n = /^\d{1,2}$/.test(t) ? Number(t) : NUMBER_WORDS[t];
    if (n !== undefined && k + 1 < tokens.length && !used[k + 1] && BED_WORDS.has(tokens[k + 1])) {
      filters.bedrooms ??= n;
      used[k] = true;
      used[k + 1] = true;
      // "3 غرف نوم" / "3 bedroom" — the trailing "نوم" is a stopword.
    }
  }
}

/** Matches the vocabulary phrases, longest first, on the tokens not used yet. */
function readPhrases(tokens: string[], used: boolean[], filters: SearchFilters): void {
  for (let k = 0; k < tokens.length; k++) {
    if (used[k]) continue;
    let best: Phrase | null = null;
    for (const form of tokenForms(tokens[k])) {
      for (const phrase of PHRASES.get(form) ?? []) {
        if (best && phrase.tokens.length <= best.tokens.length) break;
        let ok = k + phrase.tokens.length <= tokens.length;
        for (let j = 1; ok && j < phrase.tokens.length; j++) {
          ok = !used[k + j] && tokenForms(tokens[k + j]).includes(phrase.tokens[j]);
        }
        if (ok) {
          best = phrase;
          break;
        }
      }
    }
    if (!best) continue;
    for (const [key, value] of Object.entries(best.set) as [keyof SearchFilters, never][]) {
      if (filters[key] === undefined) filters[key] = value;
    }
    for (let j = 0; j < best.tokens.length; j++) used[k + j] = true;
    k += best.tokens.length - 1;
  }
}

const IMPLIED_ROLE: Record<string, SearchFilters['role']> = {
  residential_sales: 'broker',
  residential_leasing: 'broker',
  commercial_sales: 'broker',
  commercial_leasing: 'broker',
  off_plan_projects: 'broker',
  investment_advisory: 'broker',
  property_management: 'broker',
  home_loans: 'banking_broker',
  personal_loans: 'banking_broker',
  business_loans: 'banking_broker',
  car_loans: 'banking_broker',
  investment_loans: 'banking_broker',
  all_loans: 'banking_broker',
  luxury_developments: 'developer',
  affordable_housing: 'developer',
  mixed_use: 'developer',
  commercial_offices: 'developer',
  retail_spaces: 'developer',
};

/** The maximum query length the parser reads; longer input is cut (kept in a zod-free module for the search box). */
export { SEARCH_QUERY_MAX };

/**
 * Parses a natural-language query into filters. Words it does not understand are kept, in
 * folded form, in `text` for a free-text search.
 */
export function parseSearchQuery(query: string): SearchFilters {
  const tokens = tokenize(foldText(query.slice(0, SEARCH_QUERY_MAX)));
  const used = tokens.map(() => false);
  const filters: SearchFilters = {};
  readBedrooms(tokens, used, filters);
  readPrices(tokens, used, filters);
  readPhrases(tokens, used, filters);
  if (filters.role === undefined && filters.specialization) filters.role = IMPLIED_ROLE[filters.specialization];
  if (filters.role === undefined && filters.bank) filters.role = 'banking_broker';
  const rest = tokens.filter(
    (t, k) =>
      !used[k] &&
      !STOPWORDS.has(t) &&
      !tokenForms(t).some((f) => f !== t && STOPWORDS.has(f) && f.length > 1) &&
      !/^[<>=,.+]+$/.test(t),
  );
  if (rest.length) filters.text = rest.join(' ');
  return filters;
}

/** Whether the filters ask for professionals (a role or a trait of a person). */
export function asksForProfessionals(f: SearchFilters): boolean {
  return Boolean(f.role || f.language || f.bank || f.specialization || f.nationality || f.verified || f.gender);
}

/** Whether the filters ask for listings (a property trait or a price). */
export function asksForProperties(f: SearchFilters): boolean {
  return Boolean(
    f.propertyType || f.bedrooms !== undefined || f.status || f.minPrice !== undefined || f.maxPrice !== undefined,
  );
}
