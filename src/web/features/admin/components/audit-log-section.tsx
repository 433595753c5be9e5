import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/use-audit-log';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** The audit log: who did what, when, with the row before and after. */
export function AuditLogSection() {
  const { t, i18n } = useTranslation('admin-center');
  const [offset, setOffset] = useState(0);
  const { data, isLoading } = useAuditLog(offset);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  return (
    <section id="audit-log" aria-labelledby="audit-title" className="scroll-mt-20 space-y-4">
      <h2 id="audit-title" className="text-xl font-semibold">
        {t('audit.title')}
      </h2>
      {isLoading && <Skeleton className="h-40" />}
      {data && data.items.length === 0 && <EmptyState title={t('audit.empty')} />}
      {data && data.items.length > 0 && (
        <Card>
          <CardContent className="pt-5">
            <ul className="divide-y divide-slate-100" data-testid="audit-log">
              {data.items.map((e) => (
                <li key={e.id} className="py-3 text-sm">
                  <details>
                    <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2">
                      <span>
                        <span className="font-medium text-slate-900">
                          {e.actor
                            ? (e.actor.username ?? `${e.actor.firstName} ${e.actor.lastName}`)
                            : t('audit.system')}
                        </span>{' '}
                        <span className="text-slate-700">
                          {t(`audit.actions.${e.action.replace('.', '_')}`, { defaultValue: e.action })}
                        </span>{' '}
                        <span className="text-xs text-slate-500" dir="ltr">
                          {e.entityType}
                          {e.entityId ? ` ${e.entityId.slice(0, 8)}` : ''}
                        </span>
                        {e.apiKeyId && (
                          <span className="text-xs text-slate-600">
                            {' '}
                            ({t('audit.viaApiKey')} <span dir="ltr">{e.apiKeyId.slice(0, 8)}</span>)
                          </span>
                        )}
                      </span>
                      <time dateTime={e.createdAt} className="text-xs text-slate-600">
                        {when(e.createdAt)}
                      </time>
                    </summary>
                    <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" dir="ltr">
                      <div>
                        <p className="text-xs font-semibold text-slate-500">{t('audit.before')}</p>
                        <pre className="overflow-x-auto rounded-lg bg-slate-50 p-2 text-xs">{json(e.before)}</pre>
                      </div>
                      <div>
                        <p className="text-xs font-semibold text-slate-500">{t('audit.after')}</p>
                        <pre className="overflow-x-auto rounded-lg bg-slate-50 p-2 text-xs">{json(e.after)}</pre>
                      </div>
                    </div>
                  </details>
                </li>
              ))}
            </ul>
            <div className="flex items-center justify-between pt-3">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
              >
                {t('pager.newer')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!data.hasMore}
                onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
              >
                {t('pager.older')}
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
    </section>
  );
}
