/**
 * The register's review queue: each card or brokerage whose number the register did not confirm,
 * what Bitaqa has beside what the register says, and the admin's decision (verify by hand, which
 * stays manual, or open it to look further).
 */
import { BadgeCheck, ExternalLink } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterReviewItem } from '../../../../core/schemas/registers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { REGISTER_REVIEW_PAGE, useRegisterReview, useVerifyByHand } from '../api/use-registers';
import { Pager } from './pager';
import { useRegisterDate } from './register-date';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-0.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ReviewItem({ item }: { item: RegisterReviewItem }) {
  const { t } = useTranslation('admin-center');
  const date = useRegisterDate();
  const verify = useVerifyByHand();
  const onUnauthorized = useHandleUnauthorized('/admin-login');
  const numberLabel = item.kind === 'card' ? 'BRN' : 'ORN';
  const headingId = `register-review-${item.id}`;
  const r = item.register;
  return (
    <li
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={headingId}
      data-testid="register-review-item"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="me-auto min-w-0 font-semibold text-slate-900">
          <bdi data-user>{item.name}</bdi>
          <span className="sr-only">
            {' '}
            ({t(`registers.review.kind.${item.kind}`)}, {t(`registers.review.status.${item.status}`)})
          </span>
        </h3>
        <Badge variant="secondary" aria-hidden="true">
          {t(`registers.review.kind.${item.kind}`)}
        </Badge>
        <Badge variant={item.status === 'expired' ? 'gold' : 'destructive'} aria-hidden="true">
          {t(`registers.review.status.${item.status}`)}
        </Badge>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
            {t('registers.review.onBitaqa')}
          </h4>
          <dl>
            <Fact label={t('registers.review.name')}>
              <bdi data-user>{item.name}</bdi>
            </Fact>
            {item.otherName && (
              <Fact label={t('registers.review.otherName')}>
                <bdi data-user>{item.otherName}</bdi>
              </Fact>
            )}
            <Fact label={numberLabel}>
              <span dir="ltr">{item.number}</span>
            </Fact>
          </dl>
        </div>
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
            {t('registers.review.inRegister')}
          </h4>
          {r ? (
            <dl data-testid="register-record">
              <Fact label={t('registers.review.nameEn')}>
                <bdi lang="en">{r.nameEn ?? '—'}</bdi>
              </Fact>
              <Fact label={t('registers.review.nameAr')}>
                <bdi lang="ar">{r.nameAr ?? '—'}</bdi>
              </Fact>
              <Fact label={t('registers.review.validUntil')}>
                <span className={item.status === 'expired' ? 'font-semibold text-red-700' : undefined}>
                  {r.licenseEnd ? date(r.licenseEnd) : '—'}
                </span>
              </Fact>
              {r.officeNumber && (
                <Fact label={t('registers.review.office')}>
                  <span dir="ltr">{r.officeNumber}</span>
                </Fact>
              )}
            </dl>
          ) : (
            <p className="text-sm text-slate-700">{t('registers.review.notListed')}</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={verify.isPending}
          aria-label={t('registers.review.verifyAria', { name: item.name })}
          onClick={() =>
            verify.mutate(item, {
              onSuccess: () => toast({ title: t('review.done'), description: t('registers.review.verified') }),
              onError: (error) => {
                if (onUnauthorized(error)) return;
                toast({
                  title: t('review.failedTitle'),
                  description: t('registers.review.failed'),
                  variant: 'destructive',
                });
              },
            })
          }
        >
          <BadgeCheck className="h-4 w-4" aria-hidden="true" />
          {t('registers.review.verify')}
        </Button>
        <Button asChild size="sm" variant="outline">
          <a
            href={item.href}
            target="_blank"
            rel="noopener"
            aria-label={t('registers.review.openAria', { name: item.name })}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {t('registers.review.open')}
          </a>
        </Button>
        <span className="ms-auto text-xs text-slate-600">
          {t('registers.review.checked', { date: date(item.checkedAt) })}
        </span>
      </div>
    </li>
  );
}

export function RegisterReview() {
  const { t } = useTranslation('admin-center');
  const [offset, setOffset] = useState(0);
  const { data, isLoading, isError, refetch, isFetching } = useRegisterReview(offset);
  return (
    <section id="register-review" aria-labelledby="register-review-title" className="scroll-mt-20 space-y-3">
      <h2 id="register-review-title" className="text-xl font-semibold">
        {t('registers.review.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('registers.review.intro')}</p>
      {isLoading && (
        <div className="space-y-3" role="status" aria-label={t('loading', { ns: 'common' })}>
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      )}
      {isError && !data && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {t('registers.review.loadFailed')}
          <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            {t('registers.review.retry')}
          </Button>
        </div>
      )}
      {data &&
        (data.items.length === 0 ? (
          <EmptyState title={t('registers.review.empty')}>{t('registers.review.emptyText')}</EmptyState>
        ) : (
          <>
            <p className="text-sm font-medium text-slate-800" data-testid="register-review-count">
              {t('registers.review.count', { count: data.total })}
            </p>
            <ul className="space-y-3">
              {data.items.map((item) => (
                <ReviewItem key={`${item.kind}-${item.id}`} item={item} />
              ))}
            </ul>
            <Pager
              pageSize={REGISTER_REVIEW_PAGE}
              hideWhenOnePage
              offset={offset}
              total={data.total}
              onChange={setOffset}
            />
          </>
        ))}
    </section>
  );
}
