import type { AiGenerateResponse } from '../../../../core/schemas/card';

/** The card fields the AI writes, by form field. */
export const AI_FIELDS = ['profession', 'professionalBio', 'salesPitch', 'valueProposition', 'company'] as const;
export type AiField = (typeof AI_FIELDS)[number];
export type AiFieldValues = Partial<Record<AiField, string | null | undefined>>;

function fromAi(out: AiGenerateResponse): Record<AiField, string | undefined> {
  return {
    profession: out.profession,
    professionalBio: out.description,
    salesPitch: out.salesPitch,
    valueProposition: out.valueProposition,
    company: out.suggestedCompany,
  };
}

/**
 * What the AI may change: only the fields the user left empty, unless they asked to rewrite
 * everything (never the company they typed). Returns the new values and, for undo, the values
 * they replace.
 */
export function mergeAiContent(
  current: AiFieldValues,
  out: AiGenerateResponse,
  rewrite: boolean,
): { next: Partial<Record<AiField, string>>; previous: Partial<Record<AiField, string>> } {
  const proposed = fromAi(out);
  const next: Partial<Record<AiField, string>> = {};
  const previous: Partial<Record<AiField, string>> = {};
  for (const field of AI_FIELDS) {
    const value = proposed[field]?.trim();
    if (!value) continue;
    const typed = current[field]?.trim() ?? '';
    const mayReplace = !typed || (rewrite && field !== 'company');
    if (!mayReplace || typed === value) continue;
    next[field] = value;
    previous[field] = current[field] ?? '';
  }
  return { next, previous };
}

type Lang = 'en' | 'ar';
type ColumnValues = AiFieldValues & { translations?: Partial<Record<Lang, AiFieldValues | undefined>> };

/** The form field of an AI field in a language: the card's own field, or its translation. */
export const aiFieldPath = (field: AiField, lang: Lang, primary: Lang) =>
  lang === primary ? field : (`translations.${lang}.${field}` as const);

/** The AI fields of one language's column of the card form. */
export function columnValues(values: ColumnValues, lang: Lang, primary: Lang): AiFieldValues {
  return lang === primary ? values : (values.translations?.[lang] ?? {});
}

/**
 * mergeAiContent for a card in two languages: the answer (in `lang`) goes into that language's
 * column only — its empty fields, or every field when the user asked to rewrite — and the other
 * language's text is never touched. Keys are form field paths, for setValue and for undo.
 */
export function mergeAiContentIn(
  values: ColumnValues,
  out: AiGenerateResponse,
  rewrite: boolean,
  lang: Lang,
  primary: Lang,
): { next: Record<string, string>; previous: Record<string, string> } {
  const merged = mergeAiContent(columnValues(values, lang, primary), out, rewrite);
  const move = (r: Partial<Record<AiField, string>>) =>
    Object.fromEntries(
      Object.entries(r).map(([field, value]) => [aiFieldPath(field as AiField, lang, primary), value ?? '']),
    );
  return { next: move(merged.next), previous: move(merged.previous) };
}
