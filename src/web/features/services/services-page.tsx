/**
 * /services: the professional services catalogue from the server with search,
 * category, tabs and price range that really filter, the stats banner counting real entries,
 * and "become a provider".
 */
import { Briefcase, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SERVICE_CATEGORIES, SERVICE_PRICE_TIERS } from '../../../core/enums';
import { SERVICE_TAB_KEYS, type ServiceTab } from '../../../core/filter-options';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/feedback';
import { Field } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../lib/use-auth';
import { usePublicFigure } from '../../lib/use-public-stats';
import { type ServiceParams, useServices } from './api/use-services';
import { ProviderDialog } from './components/provider-dialog';
import { ServiceCard, ServiceCardSkeleton } from './components/service-card';

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

export function ServicesPage() {
  const { t } = useTranslation('discovery');
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters: ServiceParams = {
    search: params.get('search')?.trim() || undefined,
    category: oneOf(SERVICE_CATEGORIES, params.get('category')),
    tab: oneOf(SERVICE_TAB_KEYS, params.get('tab')),
    priceTier: oneOf(SERVICE_PRICE_TIERS, params.get('priceTier')),
  };
  const list = useServices(filters);
  const serviceFigure = usePublicFigure('services');
  const cardFigure = usePublicFigure('cards');
  const listingFigure = usePublicFigure('listings');
  const [text, setText] = useState(filters.search ?? '');
  const [providerOpen, setProviderOpen] = useState(false);
  useEffect(() => setText(filters.search ?? ''), [filters.search]);
  // The search applies as the user types, after a short pause.
  useEffect(() => {
    const handle = setTimeout(() => {
      if ((filters.search ?? '') !== text.trim()) apply({ search: text.trim() || undefined });
    }, 300);
    return () => clearTimeout(handle);
  });

  function apply(next: ServiceParams) {
    const merged = { ...filters, ...next };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(merged)) if (v) out[k] = String(v);
    setParams(out, { replace: true });
  }
  // Live counts only, rounded down; a figure with nothing behind it is left out.
  const stats = [
    { value: serviceFigure, label: t('services.statServices'), testId: 'services-count' },
    { value: cardFigure, label: t('services.statProfessionals'), testId: 'professionals-count' },
    { value: listingFigure, label: t('services.statListings'), testId: 'listings-count' },
  ].filter((s): s is { value: string; label: string; testId: string } => s.value !== null);
  const items = list.data?.items ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-brand-900">{t('services.title')}</h1>
        <p className="mt-1 text-slate-600">{t('services.subtitle')}</p>
      </header>
      {stats.length > 0 && (
        <dl className="mt-6 grid grid-cols-3 gap-3 rounded-2xl bg-brand-800 p-5 text-white">
          {stats.map((s) => (
            <div key={s.label} className="text-center">
              <dt className="text-sm text-brand-100">{s.label}</dt>
              <dd className="text-2xl font-bold" data-testid={s.testId}>
                <bdi>{s.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-6 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-3">
        <Field label={t('services.search')}>
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('services.searchPlaceholder')}
            maxLength={200}
          />
        </Field>
        <Field label={t('services.category')}>
          <Select
            value={filters.category ?? ''}
            onChange={(e) => apply({ category: (e.target.value || undefined) as ServiceParams['category'] })}
          >
            <option value="">{t('services.allCategories')}</option>
            {SERVICE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`serviceCategory.${c}`, { ns: 'enums' })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('services.priceRange')}>
          <Select
            value={filters.priceTier ?? 'all'}
            onChange={(e) =>
              apply({
                priceTier: e.target.value === 'all' ? undefined : (e.target.value as ServiceParams['priceTier']),
              })
            }
          >
            <option value="all">{t('services.allPrices')}</option>
            {SERVICE_PRICE_TIERS.map((c) => (
              <option key={c} value={c}>
                {t(`priceTier.${c}`, { ns: 'enums' })}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <Tabs
        value={filters.tab ?? 'all'}
        onValueChange={(v) => apply({ tab: v === 'all' ? undefined : (v as ServiceTab) })}
        className="mt-4"
      >
        <TabsList aria-label={t('services.tabsAria')}>
          {SERVICE_TAB_KEYS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {t(`services.tab.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The results are the active tab's panel, so each tab controls a panel that exists. */}
        <TabsContent value={filters.tab ?? 'all'} className="mt-0">
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {list.isSuccess ? t('results.services', { count: list.data.total }) : t('results.loading')}
          </p>
          {list.isLoading ? (
            <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <ServiceCardSkeleton key={i} />
              ))}
            </div>
          ) : list.isError ? (
            <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-700">
              {t('results.error')}
            </p>
          ) : items.length === 0 ? (
            <div className="mt-4">
              <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden="true" />} title={t('services.empty')}>
                <p>{t('services.emptyHint')}</p>
              </EmptyState>
            </div>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((s) => (
                <li key={s.id}>
                  <ServiceCard s={s} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>

      <section
        className="mt-10 flex flex-wrap items-center gap-4 rounded-2xl border border-gold-400/40 bg-amber-50 p-6"
        aria-labelledby="cta-title"
      >
        <Briefcase className="h-10 w-10 text-gold-500" aria-hidden="true" />
        <div className="flex-1">
          <h2 id="cta-title" className="text-lg font-semibold text-slate-900">
            {t('services.ctaTitle')}
          </h2>
          <p className="text-sm text-slate-600">{t('services.ctaText')}</p>
        </div>
        {isAuthenticated ? (
          <Button onClick={() => setProviderOpen(true)}>{t('services.becomeProvider')}</Button>
        ) : (
          <Button asChild>
            <Link to="/login">{t('services.signInToList')}</Link>
          </Button>
        )}
      </section>
      {isAuthenticated && <ProviderDialog open={providerOpen} onOpenChange={setProviderOpen} />}
    </div>
  );
}
