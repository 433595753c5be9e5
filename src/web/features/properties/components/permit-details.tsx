/**
 * The licences a listing is advertised under, as the advertising rules ask every advert to show
 * them: the permit's number, its issuing authority and its last day, and the lister's BRN and
 * their brokerage's ORN. The owner is reminded when the permit ends within the week.
 */
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { daysBetween, PERMIT_NOTICE_DAYS, uaeToday } from '../../../../core/permits';
import type { PropertyDetail } from '../../../../core/schemas/properties';

/** A calendar day (YYYY-MM-DD) in the page's language, the same day wherever the browser is. */
export function formatDay(day: string, language: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return d.toLocaleDateString(language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' });
}

export function PermitDetails({ p, date, own }: { p: PropertyDetail; date: (day: string) => string; own: boolean }) {
  const { t } = useTranslation('discovery');
  const { brn, orn } = p.licences;
  if (!p.permitNumber && !brn && !orn) return null;
  const authority =
    p.permitAuthority === 'trakheesi'
      ? t('detail.authorityTrakheesi')
      : p.permitAuthority === 'madhmoun'
        ? t('detail.authorityMadhmoun')
        : p.permitAuthorityName;
  const left = p.permitExpiresOn ? daysBetween(uaeToday(new Date()), p.permitExpiresOn) : null;
  const endsSoon = own && p.offMarket === null && left !== null && left >= 0 && left <= PERMIT_NOTICE_DAYS;
  const row = (label: string, value: string, testId: string, ltr = false) => (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900" data-testid={testId} dir={ltr ? 'ltr' : undefined}>
        {ltr ? <bdi className="font-mono">{value}</bdi> : value}
      </dd>
    </div>
  );
  return (
    <section
      className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
      aria-labelledby="permit-title"
      data-testid="permit-details"
    >
      <h2 id="permit-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ShieldCheck className="h-4 w-4 text-emerald-600" aria-hidden="true" />
        {p.permitNumber ? t('detail.permitTitle') : t('detail.licencesTitle')}
      </h2>
      <dl className="mt-2 divide-y divide-slate-200">
        {p.permitNumber && row(t('detail.permitNumber'), p.permitNumber, 'permit-number', true)}
        {p.permitNumber && authority && row(t('detail.permitAuthority'), authority, 'permit-authority')}
        {p.permitExpiresOn && row(t('detail.permitExpires'), date(p.permitExpiresOn), 'permit-expires')}
        {brn && row(t('detail.brn'), brn, 'lister-brn', true)}
        {orn && row(t('detail.orn'), orn, 'brokerage-orn', true)}
      </dl>
      {endsSoon && p.permitExpiresOn && (
        <p className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-900" role="status">
          {t('detail.permitEndsSoon', { date: date(p.permitExpiresOn) })}
        </p>
      )}
    </section>
  );
}
