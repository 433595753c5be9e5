/**
 * Readable names of the enumerations in English and Arabic, for text the server writes (AI
 * content, vCards, link previews). The web's i18n files are the one home of these labels.
 */
import ar from '../../../web/i18n/ar/enums.json';
import en from '../../../web/i18n/en/enums.json';

export type LabelLanguage = 'en' | 'ar';
type LabelGroups = typeof en;
export type LabelGroup = keyof LabelGroups;

const resources: Record<LabelLanguage, Record<string, Record<string, string>>> = { en, ar };

/** The label of an enum value, or the value itself with underscores as spaces. */
export function enumLabel(lang: LabelLanguage, group: LabelGroup, value: string): string {
  return resources[lang][group]?.[value] ?? resources.en[group]?.[value] ?? value.replace(/_/g, ' ');
}

/** "a, b and c" / "أ و ب و ج". */
export function joinList(lang: LabelLanguage, items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (lang === 'ar') return items.join(' و');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
