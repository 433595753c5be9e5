/** The landing page's Featured Properties from real approved listings. */
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useFeaturedProperties } from '../api/use-properties';
import { PropertyCard, PropertyCardSkeleton } from '../../../components/property-card';

export function FeaturedPropertiesSection() {
  const { t } = useTranslation('discovery');
  const q = useFeaturedProperties(3);
  if (q.isError || (q.isSuccess && q.data.length === 0)) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="featured-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-title" className="text-3xl font-bold text-brand-800">
            {t('featured.title')}
          </h2>
          <p className="mt-1 text-slate-600">{t('featured.subtitle')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/properties">
            {t('featured.viewAll')} <ArrowRight className="h-4 w-4 rtl-flip" aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {q.isLoading
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i}>
                <PropertyCardSkeleton />
              </li>
            ))
          : q.data?.map((p) => (
              <li key={p.id}>
                <PropertyCard p={p} />
              </li>
            ))}
      </ul>
    </section>
  );
}
