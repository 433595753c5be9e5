/** The latest register imports, newest first: when, which register, the file, and what it changed. */
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/feedback';
import { useRegisterImports } from '../api/use-registers';

const SCROLLER = 'overflow-x-auto rounded-xl border border-slate-200 bg-white';

export function RegisterHistory() {
  const { t, i18n } = useTranslation('admin-center');
  const { data, isLoading, isError } = useRegisterImports();
  const locale = i18n.language === 'ar' ? 'ar-AE' : 'en-GB';
  const n = (v: number) => v.toLocaleString(locale);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  const columns = ['rows', 'added', 'changed', 'removed', 'unreadable'] as const;
  return (
    <section aria-labelledby="register-history-title" className="space-y-3">
      <h2 id="register-history-title" className="text-xl font-semibold">
        {t('registers.history.title')}
      </h2>
      {isLoading && <Skeleton className="h-24" />}
      {isError && !data && (
        <p role="alert" className="text-sm text-red-700">
          {t('registers.history.loadFailed')}
        </p>
      )}
      {data && data.length === 0 && <p className="text-sm text-slate-600">{t('registers.history.empty')}</p>}
      {data && data.length > 0 && (
        // Wider than a phone: the table scrolls sideways inside its own region, which the keyboard reaches.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
        <div className={SCROLLER} role="region" aria-labelledby="register-history-title" tabIndex={0}>
          <table className="w-full min-w-[40rem] text-sm" data-testid="register-history">
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('registers.history.when')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('registers.history.register')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('registers.history.source')}
                </th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-end font-medium">
                    {t(`registers.import.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 last:border-0">
                  <td className="whitespace-nowrap px-3 py-2">{when(row.createdAt)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{t(`registers.import.kinds.${row.kind}`)}</td>
                  <td className="max-w-48 truncate px-3 py-2" title={row.source}>
                    {/^https?:/.test(row.source) && !row.actorId ? (
                      t('registers.history.scheduled')
                    ) : (
                      <bdi data-user>{row.source}</bdi>
                    )}
                  </td>
                  {columns.map((c) => (
                    <td key={c} className="px-3 py-2 text-end tabular-nums">
                      {n(row[c])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
