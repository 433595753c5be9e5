/**
 * /properties: For Sale / For Rent, filters, Clear Filters (keeps
 * the status), a working sort and Load More. Filters live in the URL.
 */
import { firstTotal, isCapped } from '../../../lib/page';
import { FilterSelect } from '../../../components/filter-select';
import { ResultsGrid } from '../../../components/results-grid';
import { SortSelect } from '../../../components/sort-select';
import { Home, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PROPERTY_FILTER_TYPES } from '../../../../core/enums';
import { AREAS, EMIRATE_NAME_LIST, emirateFromName } from '../../../../core/places';
import { areaLabel, cityLabel } from '../../../lib/labels';
import { PROPERTY_SORTS } from '../../../../core/filter-options';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/utils';
import { FilterPanel } from '../../../components/filter-panel';
import { useAuth } from '../../../lib/use-auth';
import { useProperties } from '../api/use-properties';
import { PropertyCard, PropertyCardSkeleton } from '../../../components/property-card';
import { canListProperties } from '../lib/listing-roles';
import {
  BEDROOM_CHOICES,
  type PropertyFilters,
  propertyParams,
  readPropertyFilters,
} from '../../../lib/property-filters';

/** Typed prices as the filter would apply them, or null while they are not valid. */
function typedPrices(prices: { min: string; max: string }): { minPrice?: number; maxPrice?: number } | null {
  const min = prices.min.trim() ? Number(prices.min) : undefined;
  const max = prices.max.trim() ? Number(prices.max) : undefined;
  if (min !== undefined && max !== undefined && min > max) return null;
  return { minPrice: min, maxPrice: max };
}

/** `value` once it has stayed the same for `ms` (a count is not asked for every keystroke). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

export function PropertiesPage() {
  const { t, i18n } = useTranslation('discovery');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = readPropertyFilters(params);
  const list = useProperties(filters);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = firstTotal(list.data?.pages);
  const [prices, setPrices] = useState({
    min: filters.minPrice?.toString() ?? '',
    max: filters.maxPrice?.toString() ?? '',
  });
  const [priceError, setPriceError] = useState<string | undefined>();
  useEffect(() => {
    setPrices({ min: filters.minPrice?.toString() ?? '', max: filters.maxPrice?.toString() ?? '' });
  }, [filters.minPrice, filters.maxPrice]);
  useEffect(() => {
    // "Failed to fetch properties".
    if (list.isError) toast({ title: t('properties.fetchFailed'), variant: 'destructive' });
  }, [list.isError, t]);

  const apply = (next: Partial<PropertyFilters>) =>
    setParams(propertyParams({ ...filters, ...next }), { replace: true });
  /** Applies the typed prices; answers false (and shows why) when they cannot apply. */
  const applyPrices = (e: FormEvent): boolean => {
    e.preventDefault();
    const min = prices.min.trim() ? Number(prices.min) : undefined;
    const max = prices.max.trim() ? Number(prices.max) : undefined;
    const bad = (v: number | undefined) => v !== undefined && (!Number.isInteger(v) || v < 0);
    if (bad(min) || bad(max)) {
      setPriceError(t('properties.priceInvalid'));
      return false;
    }
    if (min !== undefined && max !== undefined && min > max) {
      setPriceError(t('properties.priceOrder'));
      return false;
    }
    setPriceError(undefined);
    apply({ minPrice: min, maxPrice: max });
    return true;
  };
  const countLabel = (n: number) =>
    isCapped(n)
      ? t('results.propertiesCapped', { shown: n.toLocaleString(i18n.language) })
      : t('results.properties', { count: n });
  const resultsLabel = list.isSuccess ? countLabel(total) : t('results.loading');
  // The sheet's "Show results (N)" counts what its button will show: the prices typed but not
  // applied yet count too, so N is the length of the list it opens.
  const typed = typedPrices(prices);
  const settled = useSettled(typed, 300);
  const pending = typed !== null && (typed.minPrice !== filters.minPrice || typed.maxPrice !== filters.maxPrice);
  const preview = useProperties(
    { ...filters, ...(settled ?? {}) },
    { enabled: pending && JSON.stringify(settled) === JSON.stringify(typed) },
  );
  const previewTotal = preview.data?.pages[0]?.total;
  const sheetLabel = !pending
    ? resultsLabel
    : JSON.stringify(settled) === JSON.stringify(typed) && preview.isSuccess && previewTotal !== undefined
      ? countLabel(previewTotal)
      : t('results.loading');
  const activeCount = [
    filters.type,
    filters.city,
    filters.minPrice,
    filters.maxPrice,
    filters.bedrooms,
    filters.location,
  ].filter((v) => v !== undefined).length;
  const emirate = filters.city ? emirateFromName(filters.city) : null;
  const communities = AREAS.filter((a) => !emirate || a.emirate === emirate)
    .map((a) => ({ value: a.name, label: areaLabel(a.name, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const canList = canListProperties(user);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">{t('properties.title')}</h1>
          <p className="mt-1 text-slate-600">{t('properties.subtitle')}</p>
        </div>
        {canList && (
          <Button asChild>
            <Link to="/properties/new">
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('properties.add')}
            </Link>
          </Button>
        )}
      </header>

      <div
        className="mt-6 inline-flex rounded-xl bg-slate-100 p-1"
        role="group"
        aria-label={t('properties.statusToggle')}
      >
        {(['for_sale', 'for_rent'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={filters.status === s}
            onClick={() => apply({ status: s })}
            className={cn(
              'rounded-lg px-4 py-2 text-sm font-medium',
              filters.status === s ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {t(`propertyStatus.${s}`, { ns: 'enums' })}
          </button>
        ))}
      </div>

      <FilterPanel
        activeCount={activeCount}
        resultsLabel={sheetLabel}
        gridClassName="sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={applyPrices}
      >
        <FilterSelect
          label={t('filters.type')}
          value={filters.type}
          onChange={(type) => apply({ type })}
          allLabel={t('filters.allTypes')}
          options={PROPERTY_FILTER_TYPES.map((v) => ({ value: v, label: t(`propertyType.${v}`, { ns: 'enums' }) }))}
          testId="filter-type"
        />
        <FilterSelect
          label={t('filters.city')}
          value={filters.city}
          // A community belongs to one emirate: another emirate clears it.
          onChange={(city) => apply({ city, location: undefined })}
          allLabel={t('filters.allCities')}
          options={EMIRATE_NAME_LIST.map((c) => ({ value: c, label: cityLabel(t, c) }))}
          testId="filter-city"
        />
        <FilterSelect
          label={t('filters.community')}
          value={filters.location}
          onChange={(location) => apply({ location })}
          allLabel={t('filters.allCommunities')}
          options={communities}
          testId="filter-community"
        />
        <FilterSelect
          label={t('filters.bedrooms')}
          value={filters.bedrooms === undefined ? undefined : String(filters.bedrooms)}
          onChange={(v) => apply({ bedrooms: v === undefined ? undefined : Number(v) })}
          allLabel={t('filters.anyBedrooms')}
          options={BEDROOM_CHOICES.map((b) => ({
            value: String(b),
            label: b === 0 ? t('property.studioBeds') : t('property.beds', { count: b }),
          }))}
          testId="filter-bedrooms"
        />
        <Field label={t('filters.minPrice')} error={priceError}>
          <Input
            inputMode="numeric"
            value={prices.min}
            onChange={(e) => setPrices((p) => ({ ...p, min: e.target.value.replace(/[^\d]/g, '') }))}
            placeholder="0"
            dir="ltr"
            data-testid="filter-min-price"
          />
        </Field>
        <Field label={t('filters.maxPrice')}>
          <Input
            inputMode="numeric"
            value={prices.max}
            onChange={(e) => setPrices((p) => ({ ...p, max: e.target.value.replace(/[^\d]/g, '') }))}
            placeholder={t('filters.any')}
            dir="ltr"
            data-testid="filter-max-price"
          />
        </Field>
        <SortSelect value={filters.sort} options={PROPERTY_SORTS} onChange={(sort) => apply({ sort })} />
        <div className="flex items-end justify-end gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit" className="min-w-28">
            {t('filters.apply')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setPriceError(undefined);
              setParams(propertyParams({ status: filters.status }), { replace: true });
            }}
          >
            {t('filters.clear')}
          </Button>
        </div>
      </FilterPanel>

      <p className="mt-4 text-sm font-medium text-slate-600" aria-live="polite">
        {resultsLabel}
      </p>

      {list.isLoading ? (
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <PropertyCardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-700">
          {t('properties.fetchFailed')}
        </p>
      ) : items.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={<Home className="h-10 w-10" aria-hidden="true" />} title={t('properties.empty')}>
            <p>{t('properties.emptyHint')}</p>
          </EmptyState>
        </div>
      ) : (
        <ResultsGrid items={items} total={total} list={list} render={(p) => <PropertyCard p={p} />} />
      )}
    </div>
  );
}
