/**
 * /directory, the professional directory: the four category tiles, then filters,
 * location chips, removable chips, results with Load More and a working sort. Every filter is
 * in the URL, so a filtered view can be shared and survives reload.
 */
import { firstTotal, isCapped } from '../../lib/page';
import { FilterSelect } from '../../components/filter-select';
import { ResultsGrid } from '../../components/results-grid';
import { SortSelect } from '../../components/sort-select';
import { ArrowLeft, Building2, Briefcase, Landmark, SearchX, TrendingUp, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DIRECTORY_CITIES, DIRECTORY_LANGUAGES, LOCATION_CHIPS } from '../../../core/enums';
import { DIRECTORY_ROLES, DIRECTORY_SORTS } from '../../../core/filter-options';
import { asksForProperties, parseSearchQuery } from '../../../core/search/parse';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/feedback';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { FilterPanel } from '../../components/filter-panel';
import { cn } from '../../lib/utils';
import { useAuth } from '../../lib/use-auth';
import { useNavigate } from 'react-router';
import { useDirectory } from './api/use-directory';
import { FilterChips } from '../../components/filter-chips';
import { ProfessionalCard, ProfessionalCardSkeleton } from '../../components/professional-card';
import { RecommendationsPanel } from './components/recommendations-panel';
import { SmartSearchBox } from '../../components/smart-search-box';
import { directoryChips } from '../../lib/chip-labels';
import {
  type DirectoryFilters,
  directoryParams,
  filtersFromSearch,
  activeFilterCount,
  hasFilters,
  readDirectoryFilters,
} from '../../lib/directory-filters';
import { areaLabel } from '../../lib/labels';

/** The four category tiles: banking broker, real estate broker, developer, investor. */
const TILES = [
  { role: 'banking_broker', enumRole: 'banking_broker', icon: Landmark, tone: 'bg-green-100 text-green-700' },
  { role: 'broker', enumRole: 'real_estate_broker', icon: Briefcase, tone: 'bg-blue-100 text-blue-700' },
  { role: 'developer', enumRole: 'real_estate_developer', icon: Building2, tone: 'bg-purple-100 text-purple-700' },
  { role: 'investor', enumRole: 'investor', icon: TrendingUp, tone: 'bg-orange-100 text-orange-700' },
] as const;

function CategoryTiles({
  onPick,
  onAll,
}: {
  onPick: (role: (typeof TILES)[number]['role']) => void;
  onAll: () => void;
}) {
  const { t } = useTranslation('discovery');
  return (
    <section aria-labelledby="categories-title" className="mt-10">
      <h2 id="categories-title" className="text-lg font-semibold text-slate-900">
        {t('directory.categories')}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TILES.map(({ role, enumRole, icon: Icon, tone }) => (
          <button
            key={role}
            type="button"
            onClick={() => onPick(role)}
            data-testid={`category-${role}`}
            className="flex flex-col items-start rounded-2xl border border-slate-200 bg-white p-5 text-start shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
          >
            <span className={cn('flex h-12 w-12 items-center justify-center rounded-xl', tone)}>
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <span className="mt-3 text-base font-semibold text-slate-900">
              {t(`role.${enumRole}`, { ns: 'enums' })}
            </span>
            <span className="mt-1 text-sm text-slate-600">{t(`directory.tile.${role}`)}</span>
          </button>
        ))}
      </div>
      <Button variant="link" className="mt-2 px-0" onClick={onAll}>
        <Users className="h-4 w-4" aria-hidden="true" />
        {t('directory.browseAll')}
      </Button>
    </section>
  );
}

export function DirectoryPage() {
  const { t, i18n } = useTranslation('discovery');
  const navigate = useNavigate();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = readDirectoryFilters(params);
  const showResults = hasFilters(filters) || params.get('view') === 'all';
  const { sort, ...query } = filters;
  const list = useDirectory({ ...query, sort }, showResults);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = firstTotal(list.data?.pages);
  const resultsLabel = list.isSuccess
    ? isCapped(total)
      ? t('results.professionalsCapped', { shown: total.toLocaleString(i18n.language) })
      : t('results.professionals', { count: total })
    : t('results.loading');
  // The plain text box: typed freely, applied on Enter or when it loses focus.
  const [searchText, setSearchText] = useState(filters.search ?? '');
  useEffect(() => setSearchText(filters.search ?? ''), [filters.search]);

  const apply = (next: Partial<DirectoryFilters>, push = false) => {
    const merged = { ...filters, ...next };
    setParams(directoryParams(merged, hasFilters(merged as DirectoryFilters) ? {} : { view: 'all' }), {
      replace: !push,
    });
  };
  const backToCategories = () => setParams({});
  const onSmartSearch = (q: string) => {
    const parsed = parseSearchQuery(q);
    // A request about listings goes to the combined results page.
    if (asksForProperties(parsed)) {
      navigate(`/search?q=${encodeURIComponent(q)}`);
      return;
    }
    const read = filtersFromSearch(parsed);
    setParams(
      directoryParams(
        { sort: filters.sort, ...Object.fromEntries(Object.entries(read).filter(([, v]) => v !== undefined)) },
        { view: 'all' },
      ),
      {
        replace: false,
      },
    );
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-brand-900">{t('directory.title')}</h1>
        <p className="text-slate-600">{t('directory.subtitle')}</p>
      </header>
      {/* With results on a wide screen the filter panel's own search box is open beside the
          filters: one search box, not two. On a phone the panel is a sheet, so this one stays. */}
      <SmartSearchBox
        className={cn('mt-6 max-w-3xl', showResults && 'sm:hidden')}
        initial={showResults ? (filters.search ?? '') : ''}
        onSearch={onSmartSearch}
      />

      {!showResults ? (
        <>
          {user?.role === 'investor' && <RecommendationsPanel />}
          <CategoryTiles onPick={(role) => setParams({ role })} onAll={() => setParams({ view: 'all' })} />
        </>
      ) : (
        <section aria-labelledby="results-title" className="mt-6">
          <Button variant="ghost" size="sm" onClick={backToCategories} className="-ms-3">
            <ArrowLeft className="h-4 w-4 rtl-flip" aria-hidden="true" />
            {t('directory.back')}
          </Button>
          <FilterPanel
            activeCount={activeFilterCount(filters)}
            resultsLabel={resultsLabel}
            gridClassName="sm:grid-cols-2 lg:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              apply({ search: searchText.trim() || undefined }, true);
              return true;
            }}
          >
            <Field label={t('filters.search')} className="sm:col-span-2 lg:col-span-4">
              <Input
                type="search"
                enterKeyHint="search"
                value={searchText}
                maxLength={200}
                onChange={(e) => setSearchText(e.target.value)}
                onBlur={() => {
                  const next = searchText.trim() || undefined;
                  if (next !== filters.search) apply({ search: next });
                }}
                placeholder={t('filters.searchPlaceholder')}
                data-testid="filter-search"
              />
            </Field>
            <FilterSelect
              label={t('filters.role')}
              value={filters.role}
              onChange={(role) => apply({ role })}
              allLabel={t('filters.allRoles')}
              options={DIRECTORY_ROLES.map((r) => ({
                value: r,
                label: t(`role.${TILES.find((x) => x.role === r)?.enumRole}`, { ns: 'enums' }),
              }))}
              testId="filter-role"
            />
            <FilterSelect
              label={t('filters.language')}
              value={filters.language}
              onChange={(language) => apply({ language })}
              allLabel={t('filters.allLanguages')}
              options={DIRECTORY_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`, { ns: 'enums' }) }))}
              testId="filter-language"
            />
            <FilterSelect
              label={t('filters.city')}
              value={filters.city}
              onChange={(city) => apply({ city })}
              allLabel={t('filters.allCities')}
              options={Object.keys(DIRECTORY_CITIES).map((c) => ({ value: c, label: t(`city.${c}`, { ns: 'enums' }) }))}
              testId="filter-city"
            />
            <SortSelect value={filters.sort} options={DIRECTORY_SORTS} onChange={(sort) => apply({ sort })} />
            <div className="sm:col-span-2 lg:col-span-4">
              <p className="mb-1.5 text-sm font-medium text-slate-700" id="location-chips-label">
                {t('filters.location')}
              </p>
              <div className="flex flex-wrap gap-2" role="group" aria-labelledby="location-chips-label">
                {LOCATION_CHIPS.map((loc) => {
                  const active = filters.location === loc;
                  return (
                    <button
                      key={loc}
                      type="button"
                      aria-pressed={active}
                      onClick={() => apply({ location: active ? undefined : loc })}
                      className={cn(
                        'rounded-full border px-3 py-1 text-sm transition',
                        active
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400',
                      )}
                    >
                      {areaLabel(loc, i18n.language)}
                    </button>
                  );
                })}
                <label className="ms-auto inline-flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={filters.verified === 'true'}
                    onChange={(e) => apply({ verified: e.target.checked ? 'true' : undefined })}
                  />
                  {t('filters.verifiedOnly')}
                </label>
              </div>
            </div>
          </FilterPanel>

          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <FilterChips
              label={t('chips.label')}
              chips={directoryChips(t, i18n.language, filters)}
              onRemove={(key) => apply({ [key]: undefined })}
            />
            <h2 id="results-title" className="text-sm font-medium text-slate-600" aria-live="polite">
              {resultsLabel}
            </h2>
          </div>

          {list.isError ? (
            <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-700">
              {t('results.error')}
            </p>
          ) : list.isLoading ? (
            <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                <ProfessionalCardSkeleton key={i} />
              ))}
            </div>
          ) : items.length === 0 ? (
            <div className="mt-4">
              <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden="true" />} title={t('directory.empty')}>
                <p>{t('directory.emptyHint')}</p>
                <Button variant="outline" className="mt-4" onClick={backToCategories}>
                  {t('directory.back')}
                </Button>
              </EmptyState>
            </div>
          ) : (
            <ResultsGrid
              items={items}
              total={total}
              list={list}
              render={(card) => <ProfessionalCard card={card} source="directory" />}
            />
          )}
        </section>
      )}
    </div>
  );
}
