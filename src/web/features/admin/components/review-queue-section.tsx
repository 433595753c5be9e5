/**
 * The admin's one review section: every card and listing
 * waiting for review, oldest first, paged; approve, reject with a reason, check a card's licence,
 * open the item as its owner will see it. An edit of published content shows as live → proposed.
 */
import { BadgeCheck, Check, ExternalLink, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceAed } from '../../../../core/format';
import type { ReviewCard, ReviewProperty } from '../../../../core/schemas/admin';
import { RevisionDiff } from '../../../components/revision-diff';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import {
  REVIEW_PAGE_SIZE,
  type ReviewDecision,
  useLicenseCheck,
  useReviewDecision,
  useReviewQueue,
} from '../api/use-review-queue';
import { Pager } from './pager';

type Kind = 'card' | 'property';
type Target = { kind: Kind; id: string; name: string; version: number };

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });
}

/** A link that opens the card or listing page in a new tab (admins see it before it is public). */
function ViewLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation('admin-center');
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={label}
      className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <ExternalLink className="h-4 w-4" aria-hidden="true" />
      {t('review.view')}
    </a>
  );
}

function Row({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={testId}>
      {children}
    </li>
  );
}

function CardRow({ c, actions }: { c: ReviewCard; actions: ReactNode }) {
  const { t } = useTranslation('admin-center');
  const date = useDate();
  const license = useLicenseCheck();
  const onUnauthorized = useHandleUnauthorized('/admin-login');
  const otherLang = c.primaryLanguage === 'ar' ? 'en' : 'ar';
  const written = c.translations[otherLang];
  const other = written && (written.name || written.profession || written.company) ? written : null;
  const numbers = [
    c.brnNumber && `BRN ${c.brnNumber}`,
    c.ornNumber && `ORN ${c.ornNumber}`,
    c.practiceCardNumber && `${t('review.practiceCard')} ${c.practiceCardNumber}`,
  ].filter(Boolean);
  return (
    <Row testId="review-card">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <bdi className="truncate" data-user>
            {c.name}
          </bdi>
          {c.changes && <Badge variant="gold">{t('revision.badge', { ns: 'common' })}</Badge>}
          {c.licenseVerified && (
            <Badge variant="success">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
              {t('review.licenseVerified')}
            </Badge>
          )}
        </p>
        <p className="truncate text-xs text-slate-500">
          <bdi data-user>{c.profession}</bdi>
          {c.company && (
            <>
              {' · '}
              <bdi data-user>{c.company}</bdi>
            </>
          )}{' '}
          · {t(`role.${c.owner.role}`, { ns: 'enums' })} · {t('review.submitted', { date: date(c.updatedAt) })}
        </p>
        {other && (
          // The card in its other language, so the admin reviews both texts.
          <p className="truncate text-xs text-slate-500" data-testid="review-card-other-language">
            {t(`revision.language.${otherLang}`, { ns: 'common' })}:{' '}
            <bdi lang={otherLang} data-user>
              {[other.name, other.profession, other.company].filter(Boolean).join(' · ')}
            </bdi>
          </p>
        )}
        <p className="text-xs text-slate-500">
          {numbers.length ? <span dir="ltr">{numbers.join(' · ')}</span> : t('review.noLicense')}
        </p>
      </div>
      <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
        <ViewLink href={`/cards/${c.id}`} label={t('review.viewAria', { name: c.name })} />
        {numbers.length > 0 && (
          <Button
            size="sm"
            variant="outline"
            disabled={license.isPending}
            onClick={() =>
              license.mutate(
                { id: c.id, verified: !c.licenseVerified },
                {
                  onSuccess: () => toast({ title: t('review.done'), description: t('review.licenseUpdated') }),
                  onError: (error) => {
                    if (onUnauthorized(error)) return;
                    toast({
                      title: t('review.failedTitle'),
                      description: t('review.failedText'),
                      variant: 'destructive',
                    });
                  },
                },
              )
            }
          >
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            {c.licenseVerified ? t('review.unverifyLicense') : t('review.verifyLicense')}
          </Button>
        )}
        {actions}
      </div>
      {c.changes && (
        <div className="basis-full">
          <RevisionDiff kind="card" changes={c.changes} />
        </div>
      )}
    </Row>
  );
}

function PropertyRow({ p, actions }: { p: ReviewProperty; actions: ReactNode }) {
  const { t, i18n } = useTranslation('admin-center');
  const date = useDate();
  return (
    <Row testId="review-property">
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
          </bdi>{' '}
          · {t('review.submitted', { date: date(p.updatedAt) })}
        </p>
      </div>
      <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
        <ViewLink href={`/properties/${p.id}`} label={t('review.viewAria', { name: p.title })} />
        {actions}
      </div>
      {p.changes && (
        <div className="basis-full">
          <RevisionDiff kind="property" changes={p.changes} />
        </div>
      )}
    </Row>
  );
}

export function ReviewQueueSection() {
  const { t } = useTranslation('admin-center');
  const onUnauthorized = useHandleUnauthorized('/admin-login');
  const [page, setPage] = useState({ cardsOffset: 0, propertiesOffset: 0 });
  const { data, isLoading, isError } = useReviewQueue(page);
  const decide = useReviewDecision();
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const [reason, setReason] = useState('');
  const closeReject = () => {
    setRejecting(null);
    setReason('');
  };

  // "Business card status updated." / "Property approved." and their failures.
  const doneText = (d: ReviewDecision) =>
    d.kind === 'card' ? t('review.cardDone') : d.approve ? t('review.propertyApproved') : t('review.propertyRejected');
  const failedText = (d: ReviewDecision) =>
    d.kind === 'card' ? t('review.cardFailed') : d.approve ? t('review.propertyApproveFailed') : t('review.failedText');

  const run = (d: ReviewDecision, done?: () => void) =>
    decide.mutate(d, {
      onSuccess: () => {
        toast({ title: t('review.done'), description: doneText(d) });
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
        toast({ title: t('review.failedTitle'), description: failedText(d), variant: 'destructive' });
      },
    });

  const actions = (target: Target) => (
    <>
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
    </>
  );

  return (
    <section id="review-queue" aria-labelledby="review-title" className="scroll-mt-20 space-y-4">
      <h2 id="review-title" className="text-xl font-semibold">
        {t('review.title')}
      </h2>
      {isLoading && <Skeleton className="h-40" />}
      {isError && !data && (
        <p role="alert" className="text-sm text-red-700">
          {t('review.loadFailed')}
        </p>
      )}
      {data && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card className="min-w-0" data-testid="review-cards">
            <CardHeader>
              <CardTitle className="text-base">{t('review.cards', { count: data.cards.total })}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.cards.items.length === 0 ? (
                <EmptyState title={t('review.noCards')} />
              ) : (
                <ul className="divide-y divide-slate-100">
                  {data.cards.items.map((c) => (
                    <CardRow
                      key={c.id}
                      c={c}
                      actions={actions({ kind: 'card', id: c.id, name: c.name, version: c.version })}
                    />
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
          <Card className="min-w-0" data-testid="review-properties">
            <CardHeader>
              <CardTitle className="text-base">{t('review.properties', { count: data.properties.total })}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.properties.items.length === 0 ? (
                <EmptyState title={t('review.noProperties')} />
              ) : (
                <ul className="divide-y divide-slate-100">
                  {data.properties.items.map((p) => (
                    <PropertyRow
                      key={p.id}
                      p={p}
                      actions={actions({ kind: 'property', id: p.id, name: p.title, version: p.version })}
                    />
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
      <Dialog open={!!rejecting} onOpenChange={(o) => !o && closeReject()}>
        <DialogContent
          title={t('review.rejectTitle', { name: rejecting?.name ?? '' })}
          description={t('review.rejectText')}
        >
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!rejecting || !reason.trim()) return;
              const { kind, id, version } = rejecting;
              run({ kind, id, version, approve: false, reason: reason.trim() }, closeReject);
            }}
          >
            <Field label={t('review.reason')}>
              <Textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={closeReject}>
                {t('cancel', { ns: 'common' })}
              </Button>
              <Button type="submit" variant="destructive" disabled={!reason.trim() || decide.isPending}>
                {rejecting?.kind === 'property' ? t('review.rejectProperty') : t('review.rejectCard')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
