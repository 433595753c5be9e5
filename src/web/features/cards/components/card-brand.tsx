/**
 * Locked card fields in the editor: a field the owner's brokerage locked is shown
 * read-only with a lock and "Set by {brokerage}"; the server refuses a change anyway.
 */
import { Lock } from 'lucide-react';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardBrokerage } from '../../../../core/schemas/brokerage-brand';
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
    <Field
      label={
        <span className="inline-flex items-center gap-1.5">
          <Lock className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />
          {label}
        </span>
      }
      hint={t('brokerage.setBy', { name: brokerage })}
    >
      <Input value={value} readOnly aria-readonly="true" dir={dir} className="bg-slate-50" data-locked />
    </Field>
  );
}
