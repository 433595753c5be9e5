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
