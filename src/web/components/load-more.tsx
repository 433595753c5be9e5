/** "Load More" and how many are shown (it appears when 12 or more results came back). */
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { Spinner } from './ui/feedback';

export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoad,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation('discovery');
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-slate-500" aria-live="polite">
        {t('results.showing', { shown, total })}
      </p>
      {hasMore && (
        <Button variant="outline" onClick={onLoad} disabled={loading}>
          {loading && <Spinner />}
          {t('results.loadMore')}
        </Button>
      )}
    </div>
  );
}
