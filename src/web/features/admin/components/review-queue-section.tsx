import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceAed } from '../../../../core/format';
import { RevisionDiff } from '../../../components/revision-diff';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useHandleUnauthorized } from '../../auth/use-unauthorized';
import { REVIEW_PAGE_SIZE, type ReviewDecision, useReviewDecision, useReviewQueue } from '../api/use-review-queue';
import { Pager } from './pager';

type Target = { kind: 'card' | 'property'; id: string; name: string; version: number };

/** The full review queue (issue 6): every pending card and listing, with approve and reject + reason. */
export function ReviewQueueSection() {
  const { t, i18n } = useTranslation('admin-center');
  const onUnauthorized = useHandleUnauthorized('/admin-login');
  const [page, setPage] = useState({ cardsOffset: 0, propertiesOffset: 0 });
  const { data, isLoading } = useReviewQueue(page);
  const decide = useReviewDecision();
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const [reason, setReason] = useState('');
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });

  const run = (d: ReviewDecision, done?: () => void) =>
    decide.mutate(d, {
      onSuccess: () => {
        toast({
          title: t('review.done'),
          description: d.approve ? t('review.approvedText') : t('review.rejectedText'),
        });
        done?.();
      },
      onError: (error) => {
        if (onUnauthorized(error)) return;
        if (error instanceof ApiError && error.status === 409) {
          done?.();
          toast({
            title: t('revision.changed', { ns: 'common' }),
            description: t('revision.changedText', { ns: 'common' }),
            variant: 'destructive',
          });
          return;
        }
        toast({
          title: t('review.failedTitle'),
          description: error instanceof ApiError ? error.serverMessage : t('review.failedText'),
          variant: 'destructive',
        });
      },
    });

  const actions = (target: Target) => (
    <div className="flex shrink-0 gap-2">
      <Button
        size="sm"
        disabled={decide.isPending}
        onClick={() => run({ kind: target.kind, id: target.id, version: target.version, approve: true })}
        aria-label={t('review.approveAria', { name: target.name })}
      >
        <Check className="h-4 w-4" aria-hidden="true" />
        {t('review.approve')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={decide.isPending}
        onClick={() => setRejecting(target)}
        aria-label={t('review.rejectAria', { name: target.name })}
      >
        <X className="h-4 w-4" aria-hidden="true" />
        {t('review.reject')}
      </Button>
    </div>
  );

  return (
    <section id="review-queue" aria-labelledby="review-title" className="scroll-mt-20 space-y-4">
      <h2 id="review-title" className="text-xl font-semibold">
        {t('review.title')}
      </h2>
      {isLoading && <Skeleton className="h-40" />}
      {data && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle className="text-base">{t('review.cards', { count: data.cards.total })}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.cards.items.length === 0 ? (
                <EmptyState title={t('review.noCards')} />
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="review-cards">
                  {data.cards.items.map((c) => (
                    <li
                      key={c.id}
                      className="flex flex-wrap items-center justify-between gap-3 py-3"
                      data-testid="review-card"
                    >
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                          <bdi className="truncate" data-user>
                            {c.name}
                          </bdi>
                          {c.changes && <Badge variant="gold">{t('revision.badge', { ns: 'common' })}</Badge>}
                        </p>
                        <p className="truncate text-xs text-slate-500">
                          <bdi data-user>{c.profession}</bdi>
                          {c.company && (
                            <>
                              {' · '}
                              <bdi data-user>{c.company}</bdi>
                            </>
                          )}{' '}
                          · {t(`role.${c.owner.role}`, { ns: 'enums' })} · {date(c.createdAt)}
                        </p>
                        {(c.brnNumber || c.practiceCardNumber) && (
                          <p className="text-xs text-slate-500" dir="ltr">
                            {c.brnNumber ? `BRN ${c.brnNumber}` : `${t('review.practiceCard')} ${c.practiceCardNumber}`}
                          </p>
                        )}
                      </div>
                      {actions({ kind: 'card', id: c.id, name: c.name, version: c.version })}
                      {c.changes && (
                        <div className="basis-full">
                          <RevisionDiff kind="card" changes={c.changes} />
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                pageSize={REVIEW_PAGE_SIZE}
                hideWhenOnePage
                offset={page.cardsOffset}
                total={data.cards.total}
                onChange={(o) => setPage((p) => ({ ...p, cardsOffset: o }))}
              />
            </CardContent>
          </Card>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle className="text-base">{t('review.properties', { count: data.properties.total })}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.properties.items.length === 0 ? (
                <EmptyState title={t('review.noProperties')} />
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="review-properties">
                  {data.properties.items.map((p) => (
                    <li
                      key={p.id}
                      className="flex flex-wrap items-center justify-between gap-3 py-3"
                      data-testid="review-property"
                    >
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                          <bdi className="truncate" data-user>
                            {p.title}
                          </bdi>
                          {p.changes && <Badge variant="gold">{t('revision.badge', { ns: 'common' })}</Badge>}
                        </p>
                        <p className="truncate text-xs text-slate-500">
                          <bdi>{formatPriceAed(p.price, { locale: i18n.language })}</bdi> ·{' '}
                          {t(`propertyType.${p.propertyType}`, { ns: 'enums', defaultValue: p.propertyType })}
                          {p.city ? ` · ${t(`city.${p.city}`, { ns: 'enums', defaultValue: p.city })}` : ''} ·{' '}
                          <bdi data-user>
                            {p.owner.firstName} {p.owner.lastName}
                          </bdi>
                        </p>
                      </div>
                      {actions({ kind: 'property', id: p.id, name: p.title, version: p.version })}
                      {p.changes && (
                        <div className="basis-full">
                          <RevisionDiff kind="property" changes={p.changes} />
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                pageSize={REVIEW_PAGE_SIZE}
                hideWhenOnePage
                offset={page.propertiesOffset}
                total={data.properties.total}
                onChange={(o) => setPage((p) => ({ ...p, propertiesOffset: o }))}
              />
            </CardContent>
          </Card>
        </div>
      )}
      <Dialog
        open={!!rejecting}
        onOpenChange={(o) => {
          if (!o) {
            setRejecting(null);
            setReason('');
          }
        }}
      >
        <DialogContent
          title={t('review.rejectTitle', { name: rejecting?.name ?? '' })}
          description={t('review.rejectText')}
        >
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!rejecting || !reason.trim()) return;
              run(
                {
                  kind: rejecting.kind,
                  id: rejecting.id,
                  version: rejecting.version,
                  approve: false,
                  reason: reason.trim(),
                },
                () => {
                  setRejecting(null);
                  setReason('');
                },
              );
            }}
          >
            <Field label={t('review.reason')}>
              <Textarea maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setRejecting(null)}>
                {t('cancel', { ns: 'common' })}
              </Button>
              <Button type="submit" variant="destructive" disabled={!reason.trim() || decide.isPending}>
                {t('review.reject')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
