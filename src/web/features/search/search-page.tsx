/**
 * /search: the smart search results. The filters the machine read are shown as
 * removable chips; removing one asks again without it, so the user corrects what was read.
 */
import { ArrowRight, Briefcase, SearchX } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PROPERTY_FILTER_TYPES } from '../../../core/enums';
import { formatPriceAed } from '../../../core/format';
import type { SearchResponse } from '../../../core/schemas/search';
import { localizedService } from '../../../core/schemas/services';
import { SEARCH_FILTER_KEYS, type SearchFilterKey } from '../../../core/filter-options';
import type { SearchFilters } from '../../../core/search/parse';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/feedback';
import { useSmartSearch } from './api/use-search';
import { FilterChips } from '../../components/filter-chips';
import { ProfessionalCard, ProfessionalCardSkeleton } from '../../components/professional-card';
import { PropertyCard, PropertyCardSkeleton } from '../../components/property-card';
import { SmartSearchBox } from '../../components/smart-search-box';
import { searchChips } from '../../lib/chip-labels';
import { directoryParams, filtersFromSearch } from '../../lib/directory-filters';
import { areaLabel, cityLabel } from '../../lib/labels';
import { type PropertyFilters, propertyParams } from '../../lib/property-filters';

/** The listing page's filters for what the search read. */
function propertiesLink(f: SearchFilters): Record<string, string> {
  const type = (PROPERTY_FILTER_TYPES as readonly string[]).includes(f.propertyType ?? '')
    ? (f.propertyType as PropertyFilters['type'])
    : undefined;
  return propertyParams({
    status: f.status,
    type,
    city: f.city,
    location: f.area,
    bedrooms: f.bedrooms,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
  });
}

/** How a listing search was widened, in words: "nearby areas (DIFC, Meydan)", "prices within 15 % (…)". */
function widenedParts(t: TFunction, language: string, w: SearchResponse['widened']): string[] {
  const parts: string[] = [];
  const sep = t('search.separator');
  if (w.areas?.length)
    parts.push(t('search.widenedAreas', { areas: w.areas.map((a) => areaLabel(a, language)).join(sep) }));
  else if (w.city) parts.push(t('search.widenedCity', { city: cityLabel(t, w.city) }));
  if (w.minPrice !== undefined || w.maxPrice !== undefined) {
    const price = (v: number) => formatPriceAed(v, { locale: language });
    const range =
      w.minPrice !== undefined && w.maxPrice !== undefined
        ? `${price(w.minPrice)} – ${price(w.maxPrice)}`
        : w.maxPrice !== undefined
          ? t('chips.maxPrice', { price: price(w.maxPrice) })
          : t('chips.minPrice', { price: price(w.minPrice as number) });
    parts.push(t('search.widenedPrice', { range }));
  }
  if (w.minBedrooms !== undefined && w.maxBedrooms !== undefined)
    parts.push(t('search.widenedBedrooms', { min: w.minBedrooms, max: w.maxBedrooms }));
  if (w.propertyTypes?.length)
    parts.push(
      t('search.widenedTypes', {
        types: w.propertyTypes.map((x) => t(`propertyType.${x}`, { ns: 'enums' })).join(sep),
      }),
    );
  return parts;
}

export function SearchPage() {
  const { t, i18n } = useTranslation('discovery');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const without = (params.get('without') ?? '')
    .split(',')
    .filter((k): k is SearchFilterKey => (SEARCH_FILTER_KEYS as readonly string[]).includes(k));
  const exact = params.get('exact') === '1';
  const search = useSmartSearch(q, without, exact);
  const data = search.data;
  const chips = data ? searchChips(t, i18n.language, data.filters) : [];
  // What was relaxed to find the closest matches, named as its chip was.
  const relaxed = data ? chips.filter((c) => (data.relaxed as string[]).includes(c.key)).map((c) => c.label) : [];
  const widened = data ? widenedParts(t, i18n.language, data.widened) : [];
  const widenedTo =
    !widened.length && data?.relaxed.includes('area') && data.shown.city ? cityLabel(t, data.shown.city) : null;
  const keep = (next: Record<string, string>) =>
    setParams({ q, ...(without.length ? { without: without.join(',') } : {}), ...next });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-900">{t('search.title')}</h1>
      <SmartSearchBox className="mt-4 max-w-3xl" initial={q} onSearch={(next) => setParams({ q: next })} />
      {!q ? (
        <p className="mt-6 text-slate-600">{t('search.hint')}</p>
      ) : (
        <>
          <div className="mt-5 space-y-2">
            <p className="text-sm font-medium text-slate-700">{t('search.understood')}</p>
            {search.isLoading ? (
              <p className="text-sm text-slate-500">{t('results.loading')}</p>
            ) : chips.length ? (
              <FilterChips
                label={t('search.understood')}
                chips={chips}
                onRemove={(key) => setParams({ q, without: [...without, key].join(',') })}
              />
            ) : (
              <p className="text-sm text-slate-500">{t('search.nothingUnderstood')}</p>
            )}
            {without.length > 0 && (
              <Button variant="link" size="sm" className="px-0" onClick={() => setParams({ q })}>
                {t('search.restore')}
              </Button>
            )}
          </div>

          {data && relaxed.length > 0 && (
            <div
              role="status"
              className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
              data-testid="search-relaxed"
            >
              <p>
                {widened.length
                  ? `${t('search.nothingExact')} ${widened.join(t('search.separator'))}.`
                  : t('search.relaxed', { filters: relaxed.join(t('search.separator')) })}
                {widenedTo && ` ${t('search.widened', { city: widenedTo })}`}
              </p>
              <Button variant="link" size="sm" className="h-auto min-h-6 px-0" onClick={() => keep({ exact: '1' })}>
                {t('search.exactOnly')}
              </Button>
            </div>
          )}
          {search.isError ? (
            <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-700">
              {t('results.error')}
            </p>
          ) : search.isLoading ? (
            <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
              <ProfessionalCardSkeleton />
              <ProfessionalCardSkeleton />
              <PropertyCardSkeleton />
            </div>
          ) : data && data.professionals.length + data.properties.length + data.services.length === 0 ? (
            <div className="mt-6">
              <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden="true" />} title={t('search.empty')}>
                <p>{t('search.emptyHint')}</p>
                {exact && (
                  <Button variant="link" size="sm" onClick={() => keep({})}>
                    {t('search.showClosest')}
                  </Button>
                )}
              </EmptyState>
            </div>
          ) : (
            data && (
              <>
                {data.professionals.length > 0 && (
                  <section aria-labelledby="pros-title" className="mt-8">
                    <div className="flex items-center justify-between gap-3">
                      <h2 id="pros-title" className="text-xl font-semibold text-slate-900">
                        {t('search.professionals', { count: data.professionalsTotal })}
                      </h2>
                      <Button asChild variant="link" size="sm">
                        <Link
                          to={`/directory?${new URLSearchParams(directoryParams(filtersFromSearch(data.shown), { view: 'all' }))}`}
                        >
                          {t('search.openDirectory')} <ArrowRight className="h-4 w-4 rtl-flip" aria-hidden="true" />
                        </Link>
                      </Button>
                    </div>
                    <ul
                      className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
                      data-testid="search-professionals"
                    >
                      {data.professionals.map((card) => (
                        <li key={card.id}>
                          <ProfessionalCard card={card} source="search" />
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
                {data.properties.length > 0 && (
                  <section aria-labelledby="props-title" className="mt-10">
                    <div className="flex items-center justify-between gap-3">
                      <h2 id="props-title" className="text-xl font-semibold text-slate-900">
                        {t('search.properties', { count: data.propertiesTotal })}
                      </h2>
                      <Button asChild variant="link" size="sm">
                        <Link to={`/properties?${new URLSearchParams(propertiesLink(data.shown))}`}>
                          {t('search.openProperties')} <ArrowRight className="h-4 w-4 rtl-flip" aria-hidden="true" />
                        </Link>
                      </Button>
                    </div>
                    <ul
                      className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
                      data-testid="search-properties"
                    >
                      {data.properties.map((p) => (
                        <li key={p.id}>
                          <PropertyCard p={p} />
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
                {data.services.length > 0 && (
                  <section aria-labelledby="services-title" className="mt-10">
                    <div className="flex items-center justify-between gap-3">
                      <h2 id="services-title" className="text-xl font-semibold text-slate-900">
                        {t('search.services', { count: data.servicesTotal })}
                      </h2>
                      <Button asChild variant="link" size="sm">
                        <Link to={`/services?${new URLSearchParams({ search: q })}`}>
                          {t('search.openServices')} <ArrowRight className="h-4 w-4 rtl-flip" aria-hidden="true" />
                        </Link>
                      </Button>
                    </div>
                    <ul
                      className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
                      data-testid="search-services"
                    >
                      {data.services.map((s) => {
                        const text = localizedService(s, i18n.language);
                        return (
                          <li key={s.id}>
                            <Link
                              to={`/services?${new URLSearchParams({ search: text.name })}`}
                              className="flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
                            >
                              <Briefcase className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                              <span className="min-w-0">
                                <span className="block font-semibold text-slate-900" dir="auto">
                                  {text.name}
                                </span>
                                {text.provider && (
                                  <span className="block text-sm text-brand-700" dir="auto">
                                    {text.provider}
                                  </span>
                                )}
                                <span className="mt-1 block text-xs text-slate-500">
                                  {t(`serviceCategory.${s.category}`, { ns: 'enums', defaultValue: s.category })}
                                </span>
                              </span>
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  </section>
                )}
              </>
            )
          )}
        </>
      )}
    </div>
  );
}
