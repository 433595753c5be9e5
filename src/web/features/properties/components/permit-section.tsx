/**
 * The listing form's advertising permit: the field's name, hint and whether it is required follow
 * the chosen emirate (Trakheesi in Dubai, Madhmoun in Abu Dhabi, optional with the authority
 * named elsewhere), with the permit's expiry date. The rules themselves are core/permits.ts, the
 * same the server checks.
 */
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { permitAuthorityFor, uaeToday } from '../../../../core/permits';
import type { PropertyInput, PropertyInputParsed } from '../../../../core/schemas/properties';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useZodMessage } from '../../../lib/use-zod-message';

const LABEL = {
  trakheesi: 'form.permitTrakheesi',
  madhmoun: 'form.permitMadhmoun',
  other: 'form.permitOther',
} as const;
const HINT = {
  trakheesi: 'form.permitHintTrakheesi',
  madhmoun: 'form.permitHintMadhmoun',
  other: 'form.permitHintOther',
} as const;

export function PermitSection({
  form,
  city,
  children,
}: {
  form: UseFormReturn<PropertyInput, unknown, PropertyInputParsed>;
  city: string | undefined;
  /** What follows the permit's fields in its section (the regulator's QR upload). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('discovery');
  const zm = useZodMessage();
  const { errors } = form.formState;
  const authority = permitAuthorityFor(city);
  const required = authority !== 'other';
  const number = useWatch({ control: form.control, name: 'permitNumber' });
  // Another emirate, other rules: the previous emirate's messages no longer apply.
  useEffect(() => {
    if (authority) form.clearErrors(['permitNumber', 'permitAuthorityName', 'permitExpiresOn']);
  }, [authority, form]);
  // Elsewhere the number is optional, but a permit given is a permit with its authority and end.
  const detailsRequired = required || !!number?.trim();
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="permit-section-title"
      data-testid="permit-section"
      data-authority={authority}
    >
      <h2 id="permit-section-title" className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
        <ShieldCheck className="h-5 w-5 text-emerald-600" aria-hidden="true" />
        {t('form.permitSection')}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label={t(LABEL[authority])}
          error={zm(errors.permitNumber?.message)}
          hint={t(HINT[authority])}
          required={required}
          className="sm:col-span-2"
        >
          <Input
            dir="ltr"
            maxLength={40}
            autoComplete="off"
            inputMode={authority === 'trakheesi' ? 'numeric' : 'text'}
            {...form.register('permitNumber')}
            data-testid="field-permit"
          />
        </Field>
        {authority === 'other' && (
          <Field
            label={t('form.permitAuthorityName')}
            error={zm(errors.permitAuthorityName?.message)}
            hint={t('form.permitAuthorityHint')}
            required={detailsRequired}
          >
            <Input maxLength={100} {...form.register('permitAuthorityName')} data-testid="field-permit-authority" />
          </Field>
        )}
        <Field
          label={t('form.permitExpires')}
          error={zm(errors.permitExpiresOn?.message)}
          hint={t('form.permitExpiresHint')}
          required={detailsRequired}
        >
          <Input
            type="date"
            dir="ltr"
            min={uaeToday(new Date())}
            {...form.register('permitExpiresOn')}
            data-testid="field-permit-expires"
          />
        </Field>
        {children}
      </div>
    </section>
  );
}
