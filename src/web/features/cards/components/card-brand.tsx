/**
 * Locked card fields in the editor: a field the owner's brokerage locked is shown
 * read-only with a lock and "Set by {brokerage}"; the server refuses a change anyway.
 */
import { Lock } from 'lucide-react';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardBrokerage, lockedCardText } from '../../../../core/schemas/brokerage-brand';
import type { UiLanguage } from '../../../../core/enums';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

const BrandContext = createContext<CardBrokerage | null>(null);

export function CardBrandProvider({ brand, children }: { brand: CardBrokerage | null; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

type LockableCardField = 'company' | 'officeAddress' | 'ornNumber';

/** The brokerage's value for a locked field, or undefined when the field is not locked. */
export function useLockedValue(field: LockableCardField): { value: string; brokerage: string } | undefined {
  const brand = useContext(BrandContext);
  const { i18n } = useTranslation();
  if (!brand?.lockedFields.includes(field)) return undefined;
  const brokerage = i18n.language === 'ar' && brand.nameAr ? brand.nameAr : brand.name;
  const value =
    field === 'company' ? brand.name : field === 'ornNumber' ? brand.ornNumber : (brand.officeAddress ?? '');
  return { value, brokerage };
}

/** A locked text field of the card: what each language column shows, and who sets it. */
export interface LockedText {
  values: Record<UiLanguage, string>;
  brokerage: string;
}

/**
 * The brokerage's text for a locked field in both languages of the card, or undefined when the
 * field is not locked (the editor then shows both columns read-only).
 */
export function useLockedText(field: 'company' | 'officeAddress'): LockedText | undefined {
  const brand = useContext(BrandContext);
  const { i18n } = useTranslation();
  if (!brand?.lockedFields.includes(field)) return undefined;
  const brokerage = i18n.language === 'ar' && brand.nameAr ? brand.nameAr : brand.name;
  const value = (lang: UiLanguage) => lockedCardText(brand, lang)[field] ?? '';
  return { values: { en: value('en'), ar: value('ar') }, brokerage };
}

/** The label of a locked field: its name after a lock. */
export function LockedLabel({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Lock className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />
      {children}
    </span>
  );
}

/** A field the brokerage locked: its value, read-only, with a lock and who sets it. */
export function LockedField({
  label,
  value,
  brokerage,
  dir,
}: {
  label: string;
  value: string;
  brokerage: string;
  dir?: 'ltr';
}) {
  const { t } = useTranslation('cards');
  return (
    <Field label={<LockedLabel>{label}</LockedLabel>} hint={t('brokerage.setBy', { name: brokerage })}>
      <Input value={value} readOnly aria-readonly="true" dir={dir} className="bg-slate-50" data-locked />
    </Field>
  );
}
