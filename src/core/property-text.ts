/**
 * A listing's title, description and features in the reader's language: the Arabic
 * the listing carries when the page is Arabic, else the English as written. Each field falls back
 * on its own, so a listing with only an Arabic title still shows its English description.
 */
import type { PropertyTranslations } from './schemas/properties';

export interface PropertyText {
  title: string;
  description: string | null;
  features: string[];
}

export function propertyText(
  p: PropertyText & { translations?: PropertyTranslations },
  language: string,
): PropertyText {
  const ar = language === 'ar' ? p.translations?.ar : undefined;
  if (!ar) return { title: p.title, description: p.description, features: p.features };
  return {
    title: ar.title || p.title,
    description: ar.description || p.description,
    features: ar.features?.length ? ar.features : p.features,
  };
}
