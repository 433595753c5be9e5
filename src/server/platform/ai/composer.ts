/**
 * The built-in writer used when no AI endpoint is configured, and the fallback when the endpoint
 * fails. It assembles role-aware English or Arabic copy from the card's own facts —
 * specialization, bank, project types, emirate and area, languages, experience, company — choosing
 * among several phrasings each time, so two calls rarely read the same.
 */
import { areaByName } from '../../../core/places';
import { composeArabic } from './composer-ar';
import { composeEnglish } from './composer-en';
import { enumLabel, type LabelLanguage } from './labels';
import { translateTitle } from './titles';
import type { CardContent, CardContentProvider, CardContentRequest } from './types';

/** An area's name in the language: the chip labels, else an Arabic alias from the places list. */
function areaLabel(lang: LabelLanguage, area: string): string {
  const label = enumLabel(lang, 'location', area);
  if (lang !== 'ar' || /[\u0600-\u06FF]/.test(label)) return label;
  return areaByName(area)?.aliases.find((a) => /[\u0600-\u06FF]/.test(a)) ?? area;
}

/** The request reduced to readable facts in one language. */
export interface ComposeFacts {
  role: CardContentRequest['role'];
  name: string;
  firstName: string;
  company?: string;
  /** Broker specialization or loan specialization value (roleTitle). */
  specialization?: string;
  bank?: string;
  projectTypes: string[];
  emirate?: string;
  area?: string;
  /** "Dubai Marina, Dubai" or "Dubai". */
  place?: string;
  languages: string[];
  years?: number;
  budget?: string;
  interests: string[];
  nationality?: string;
  /** Arabic agrees verbs and titles with the person's gender. */
  female: boolean;
}

export interface Picker {
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
}

export function createPicker(random: () => number = Math.random): Picker {
  return {
    pick: <T>(list: readonly T[]) => list[Math.floor(random() * list.length) % list.length],
    chance: (p: number) => random() < p,
  };
}

export function factsFor(req: CardContentRequest, lang: LabelLanguage): ComposeFacts {
  const name = req.name.trim().replace(/\s+/g, ' ');
  const emirate = req.emirate ? enumLabel(lang, 'emirate', req.emirate) : undefined;
  const areaRaw = req.area?.trim() || undefined;
  const area = areaRaw ? areaLabel(lang, areaRaw) : undefined;
  const place =
    area && emirate && !area.includes(emirate) ? `${area}${lang === 'ar' ? '، ' : ', '}${emirate}` : (area ?? emirate);
  const roleTitle = req.roleTitle || undefined;
  const specializationFits =
    roleTitle &&
    ((req.role === 'real_estate_broker' && !roleTitle.endsWith('_loans')) ||
      (req.role === 'banking_broker' && roleTitle.endsWith('_loans')));
  return {
    role: req.role,
    name,
    firstName: name.split(' ')[0],
    company: req.company?.trim() || undefined,
    specialization: specializationFits ? roleTitle : undefined,
    bank: req.bankName ? enumLabel(lang, 'bank', req.bankName) : undefined,
    projectTypes: (req.propertySpecialization ?? []).map((v) => enumLabel(lang, 'developerProjectType', v)),
    emirate,
    area,
    place,
    languages: [...new Set(req.languages ?? [])].map((v) => enumLabel(lang, 'language', v)),
    years: req.yearsOfExperience ?? undefined,
    budget: req.investmentBudgetRange ? enumLabel(lang, 'investorBudget', req.investmentBudgetRange) : undefined,
    interests: (req.investmentInterests ?? []).map((v) => enumLabel(lang, 'investmentInterest', v)),
    nationality: req.nationality && req.nationality !== 'other' ? req.nationality : undefined,
    female: req.gender === 'female',
  };
}

/** Pure: the same random sequence gives the same text (tests pass a seeded one). */
export function composeCardContent(req: CardContentRequest, random: () => number = Math.random): CardContent {
  const picker = createPicker(random);
  const out =
    req.language === 'ar' ? composeArabic(factsFor(req, 'ar'), picker) : composeEnglish(factsFor(req, 'en'), picker);
  // The card's other side already has a title: the same title in this language, where known.
  const source = req.sourceText;
  const title =
    source?.profession && source.language !== req.language
      ? translateTitle(source.profession, req.language, req.gender === 'female')
      : null;
  if (!title) return out;
  return { ...out, profession: title, description: out.description.split(out.profession).join(title) };
}

export function createComposer(random: () => number = Math.random): CardContentProvider {
  return {
    source: 'composer',
    async generate(request) {
      return composeCardContent(request, random);
    },
  };
}
