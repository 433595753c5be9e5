/**
 * /brokerages/{slug} inside the app. The server answers the address with the complete
 * page (modules/brokerages/page.tsx); the app draws it when reached without a reload and shows
 * the not-found message when there is no such brokerage.
 */
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { BROKER_SPECIALIZATIONS, LANGUAGES } from '../../../../core/enums';
import { FilterSelect } from '../../../components/filter-select';
import { ProfessionalCard } from '../../../components/professional-card';
import { PropertyCard } from '../../../components/property-card';
import { Card, CardContent } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/feedback';
import { usePublicBrokerage } from '../api/use-public-brokerage';
import { BrokerageLogo } from '../components/brokerage-logo';
import { OfficeAddress, OrnLine } from '../components/verified-badge';

export function BrokeragePublicPage() {
  const { t, i18n } = useTranslation(['brokerages', 'enums']);
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = {
    language: params.get('language') ?? undefined,
    specialization: params.get('specialization') ?? undefined,
  };
  const page = usePublicBrokerage(slug, q);
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  if (page.isLoading) return <PageSpinner />;
  if (!page.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card>
          <CardContent className="space-y-2 p-8 text-center">
            <h1 className="text-xl font-semibold">{t('page.notFoundTitle')}</h1>
            <p className="text-sm text-slate-600">{t('page.notFoundText')}</p>
          </CardContent>
        </Card>
      </div>
    );
  }
  const { brokerage: b, members, listings } = page.data;
  const name = i18n.language === 'ar' && b.nameAr ? b.nameAr : b.name;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <section
        className="flex flex-wrap items-center gap-5 rounded-2xl bg-white p-6 shadow-sm"
        style={{ borderTop: `6px solid ${b.primaryColor ?? '#0f4c81'}` }}
      >
        <BrokerageLogo url={b.logoUrl} name={name} color={b.primaryColor} className="h-24 w-24" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold sm:text-3xl" data-user>
            {name}
          </h1>
          <OrnLine
            orn={b.ornNumber}
            verified={b.ornVerified}
            register={b.ornRegister}
            className="mt-2 text-slate-700"
          />
          {b.officeAddress ? (
            <OfficeAddress
              address={b.officeAddress}
              emirate={b.emirate}
              label={t('page.office')}
              className="mt-2 text-sm text-slate-600"
            />
          ) : null}
        </div>
      </section>
      <section aria-labelledby="brokers" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="brokers" className="text-xl font-semibold">
            {t('page.brokers')} ({members.length})
          </h2>
          <div className="grid grid-cols-2 gap-3">
            <FilterSelect
              label={t('page.language')}
              allLabel={t('page.allLanguages')}
              value={q.language}
              onChange={(v) => set('language', v)}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`enums:language.${l}`) }))}
            />
            <FilterSelect
              label={t('page.specialization')}
              allLabel={t('page.allSpecializations')}
              value={q.specialization}
              onChange={(v) => set('specialization', v)}
              options={BROKER_SPECIALIZATIONS.map((s) => ({ value: s, label: t(`enums:brokerSpecialization.${s}`) }))}
            />
          </div>
        </div>
        {members.length ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {members.map((m) => (
              <ProfessionalCard key={m.id} card={m} />
            ))}
          </div>
        ) : (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('page.noBrokers')}</p>
        )}
      </section>
      <section aria-labelledby="listings" className="space-y-4">
        <h2 id="listings" className="text-xl font-semibold">
          {t('page.listings')}
        </h2>
        {listings.length ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((p) => (
              <PropertyCard key={p.id} p={p} />
            ))}
          </div>
        ) : (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('page.noListings')}</p>
        )}
      </section>
    </div>
  );
}
