/**
 * A card's text in two languages. The card's own fields are written in its `primaryLanguage`;
 * `translations` holds the other language. One rule decides what a reader sees: each field in the
 * reader's language when the card has it there, the other language's otherwise — so an Arabic
 * visitor of a bilingual card reads the Arabic bio, and of an English-only card the English one.
 * The public page, the app's card view, the vCard, wallet pass, signature and print all read it.
 */
import type { UiLanguage } from './enums';
import type { CardTranslations, StoredCardText } from './schemas/card';

/** The card fields that are text a person wrote, and so exist in each language. */
export const CARD_TEXT_FIELDS = [
  'name',
  'profession',
  'company',
  'officeAddress',
  'professionalBio',
  'salesPitch',
  'valueProposition',
  'servicesOffered',
  'financingSolutions',
  'investmentProfile',
  'description',
] as const;
export type CardTextField = (typeof CARD_TEXT_FIELDS)[number];

/** The text of a card as a reader sees it (name and profession always present). */
export interface CardText {
  name: string;
  profession: string;
  company: string | null;
  officeAddress: string | null;
  professionalBio: string | null;
  salesPitch: string | null;
  valueProposition: string | null;
  servicesOffered: string[];
  financingSolutions: string | null;
  investmentProfile: string | null;
  description: string | null;
}

/** What cardText reads: the card's own fields, its language and its translation. */
export type BilingualCard = Pick<CardText, 'name' | 'profession'> &
  Partial<Omit<CardText, 'name' | 'profession'>> & {
    primaryLanguage?: UiLanguage | string | null;
    translations?: CardTranslations | null;
  };

export const otherLanguage = (lang: UiLanguage): UiLanguage => (lang === 'ar' ? 'en' : 'ar');

/** "ar-AE", "ar", "AR" → "ar"; anything else → "en". */
export const asUiLanguage = (lang: string | null | undefined): UiLanguage =>
  lang?.toLowerCase().startsWith('ar') ? 'ar' : 'en';

const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]/g;
const LATIN_LETTERS = /[A-Za-z\u00C0-\u024F]/g;

/**
 * The language a text is written in, by its letters: Arabic when Arabic letters outnumber Latin
 * ones ("محمد – Broker" is Arabic, "Mohammed – وسيط عقاري" is not decided by one word). No letters
 * at all is English, the language cards were written in before they had two.
 */
export function detectTextLanguage(...texts: (string | null | undefined)[]): UiLanguage {
  const all = texts.filter(Boolean).join(' ');
  const arabic = all.match(ARABIC_LETTERS)?.length ?? 0;
  const latin = all.match(LATIN_LETTERS)?.length ?? 0;
  return arabic > latin ? 'ar' : 'en';
}

/** The card's own language: the stored one, else read from its text (an old card's answer). */
export function primaryLanguageOf(card: BilingualCard): UiLanguage {
  if (card.primaryLanguage === 'en' || card.primaryLanguage === 'ar') return card.primaryLanguage;
  return detectTextLanguage(card.name, card.profession, card.company);
}

const filled = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '');

/** The card's text fields exactly as written in one language (empty where not written). */
export function writtenText(card: BilingualCard, lang: UiLanguage): StoredCardText {
  if (lang === primaryLanguageOf(card)) {
    const out: StoredCardText = {};
    for (const f of CARD_TEXT_FIELDS) {
      const v = card[f];
      if (filled(v)) (out as Record<string, unknown>)[f] = v;
    }
    return out;
  }
  return card.translations?.[lang] ?? {};
}

/** Whether the card has its name or profession written in this language (not a stray field). */
export function cardHasLanguage(card: BilingualCard, lang: UiLanguage): boolean {
  if (lang === primaryLanguageOf(card)) return true;
  const t = card.translations?.[lang];
  return !!t && (filled(t.name) || filled(t.profession) || filled(t.professionalBio));
}

/** The languages the card is written in, its own first. */
export function cardLanguages(card: BilingualCard): UiLanguage[] {
  const primary = primaryLanguageOf(card);
  const other = otherLanguage(primary);
  return cardHasLanguage(card, other) ? [primary, other] : [primary];
}

/**
 * The card's text for a reader of `lang`: per field, the text written in `lang`, else the other
 * language's. `language` tells, per field, which language the shown text is in (for lang/dir).
 */
export function cardText(
  card: BilingualCard,
  lang: string,
): CardText & { language: Record<CardTextField, UiLanguage> } {
  const want = asUiLanguage(lang);
  const other = otherLanguage(want);
  const mine = writtenText(card, want) as Record<string, unknown>;
  const theirs = writtenText(card, other) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const language = {} as Record<CardTextField, UiLanguage>;
  for (const f of CARD_TEXT_FIELDS) {
    const own = filled(mine[f]);
    const value = own ? mine[f] : theirs[f];
    language[f] = own || !filled(value) ? want : other;
    out[f] = filled(value) ? value : f === 'servicesOffered' ? [] : null;
  }
  return {
    ...(out as unknown as CardText),
    // A card always has a name and a profession in its own language.
    name: (out.name as string | null) ?? card.name,
    profession: (out.profession as string | null) ?? card.profession,
    language,
  };
}

/** The card with its text fields in the reader's language (every other field as it is). */
export function localizeCard<T extends BilingualCard>(card: T, lang: string): T {
  const { language: _language, ...text } = cardText(card, lang);
  return { ...card, ...text };
}

/**
 * A translation as stored: trimmed, blanks and empty lists left out, repeated list entries once;
 * a language with nothing written is left out altogether.
 */
export function cleanTranslations(
  input: Partial<Record<UiLanguage, Partial<Record<CardTextField, unknown>> | undefined>> | null | undefined,
  primary: UiLanguage,
): CardTranslations {
  const out: CardTranslations = {};
  const lang = otherLanguage(primary);
  const source = input?.[lang];
  if (!source) return out;
  const text: Record<string, unknown> = {};
  for (const f of CARD_TEXT_FIELDS) {
    const v = source[f];
    if (Array.isArray(v)) {
      const list = [...new Set(v.map((x) => String(x).trim()).filter(Boolean))];
      if (list.length) text[f] = list;
    } else if (typeof v === 'string' && v.trim()) {
      text[f] = v.trim();
    }
  }
  if (Object.keys(text).length) out[lang] = text as StoredCardText;
  return out;
}

/**
 * A card record with its translation spread into one key per field ("translations.ar.name"), so a
 * revision shows the admin each changed Arabic (or English) field on its own line, like the
 * card's own fields, rather than one object.
 */
export function withFlatTranslations(record: Record<string, unknown>): Record<string, unknown> {
  if (!('translations' in record)) return record;
  const { translations, ...rest } = record;
  const out: Record<string, unknown> = rest;
  const t = (translations ?? {}) as CardTranslations;
  for (const lang of ['en', 'ar'] as const) {
    for (const f of CARD_TEXT_FIELDS) out[`translations.${lang}.${f}`] = t[lang]?.[f] ?? null;
  }
  return out;
}
