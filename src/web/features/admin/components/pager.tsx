import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Previous / "from–to of total" / Next under an admin list paged by offset. */
export function Pager({
  offset,
  total,
  pageSize,
  onChange,
  hideWhenOnePage = false,
}: {
  offset: number;
  total: number;
  pageSize: number;
  onChange: (offset: number) => void;
  /** Show nothing when everything fits on one page. */
  hideWhenOnePage?: boolean;
}) {
  const { t } = useTranslation('admin-center');
  if (hideWhenOnePage && total <= pageSize) return null;
  return (
    <div className="flex items-center justify-between pt-3 text-xs text-slate-500">
      <Button
        variant="outline"
        size="sm"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - pageSize))}
      >
        {t('pager.previous')}
      </Button>
      <span>{t('pager.range', { from: total ? offset + 1 : 0, to: Math.min(total, offset + pageSize), total })}</span>
      <Button
        variant="outline"
        size="sm"
        disabled={offset + pageSize >= total}
        onClick={() => onChange(offset + pageSize)}
      >
        {t('pager.next')}
      </Button>
    </div>
  );
}
