import { BadgeCheck, Check, Eye, X } from 'lucide-react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { revisionChanges } from '../../../../core/revision';
import { RevisionDiff } from '../../../components/revision-diff';
import { ApiError } from '../../../lib/api';
import { LIMITS } from '../../../../core/limits';
import type { Card as CardData } from '../../../../core/schemas/card';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { RoleBadge } from '../../../components/ui/role-badge';
import { toast } from '../../../components/ui/toast';
import { useHandleUnauthorized } from '../../auth/use-unauthorized';
import { useCardLicense, useCardStatus, usePendingApprovals } from '../api/use-admin-cards';
import { CardPreview } from './card-preview';

/** 409 CARD_CHANGED: the owner changed the card since it was shown; the list reloads it. */
function toastFailure(t: TFunction<'cards'>, error: unknown) {
  if (error instanceof ApiError && error.status === 409) {
    toast({
      title: t('revision.changed', { ns: 'common' }),
      description: t('revision.changedText', { ns: 'common' }),
      variant: 'destructive',
    });
    return;
  }
  toast({ title: t('admin.errorTitle'), description: t('admin.errorText'), variant: 'destructive' });
}

function PendingCard({ card, onPreview, onReject }: { card: CardData; onPreview: () => void; onReject: () => void }) {
  const { t, i18n } = useTranslation('cards');
  const status = useCardStatus();
  const license = useCardLicense();
  const onUnauthorized = useHandleUnauthorized('/admin-login');
  const hasLicense = !!(card.brnNumber || card.ornNumber || card.practiceCardNumber);
  const date = new Date(card.createdAt).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', {
    dateStyle: 'medium',
  });
  const fail = (error: unknown) => {
    if (onUnauthorized(error)) return;
    toastFailure(t, error);
  };
  // An edit of a published card is reviewed against the live card (issue 11 finding 2).
  const changes = card.status === 'approved' ? revisionChanges(card, card.pendingRevision) : null;
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 md:flex-row md:flex-wrap md:items-center"
      data-testid="pending-card"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={card.user.profileImageUrl ?? card.profileImageUrl} name={card.name} className="h-12 w-12" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900" data-user>
            {card.name}
          </p>
          <p className="truncate text-sm text-slate-600" dir="auto" data-user>
            {card.profession}
            {card.company ? ` · ${card.company}` : ''}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <RoleBadge role={card.user.role} />
            {changes && <Badge variant="gold">{t('revision.badge', { ns: 'common' })}</Badge>}
            <span>{t('admin.submitted', { date })}</span>
            {hasLicense ? (
              <span dir="ltr">
                {[
                  card.brnNumber && `BRN ${card.brnNumber}`,
                  card.ornNumber && `ORN ${card.ornNumber}`,
                  card.practiceCardNumber && `${t('admin.practiceCard')} ${card.practiceCardNumber}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            ) : (
              <span>{t('admin.noLicense')}</span>
            )}
            {card.licenseVerified && (
              <Badge variant="success">
                <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                {t('verified')}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="ghost" onClick={onPreview}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          {t('admin.preview')}
        </Button>
        {hasLicense && (
          <Button
            size="sm"
            variant="outline"
            disabled={license.isPending}
            onClick={() =>
              license.mutate(
                { id: card.id, verified: !card.licenseVerified },
                {
                  onSuccess: () => toast({ title: t('admin.successTitle'), description: t('admin.licenseUpdated') }),
                  onError: fail,
                },
              )
            }
          >
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            {card.licenseVerified ? t('admin.unverifyLicense') : t('admin.verifyLicense')}
          </Button>
        )}
        <Button
          size="sm"
          disabled={status.isPending}
          onClick={() =>
            status.mutate(
              // A revision leaves the card's visibility as the owner set it.
              { id: card.id, status: 'approved', version: card.version, ...(changes ? {} : { isPublic: true }) },
              {
                onSuccess: () => toast({ title: t('admin.successTitle'), description: t('admin.successText') }),
                onError: fail,
              },
            )
          }
        >
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('admin.approve')}
        </Button>
        <Button size="sm" variant="destructive" onClick={onReject}>
          <X className="h-4 w-4" aria-hidden="true" />
          {t('admin.reject')}
        </Button>
      </div>
      {changes && (
        <div className="md:basis-full">
          <RevisionDiff kind="card" changes={changes} />
        </div>
      )}
    </li>
  );
}

function RejectDialog({ card, onClose }: { card: CardData; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const [reason, setReason] = useState('');
  const status = useCardStatus();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('admin.rejectTitle')} description={t('admin.rejectText')}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            status.mutate(
              { id: card.id, status: 'rejected', version: card.version, reason: reason.trim() || undefined },
              {
                onSuccess: () => {
                  toast({ title: t('admin.successTitle'), description: t('admin.successText') });
                  onClose();
                },
                onError: (error) => {
                  toastFailure(t, error);
                  if (error instanceof ApiError && error.status === 409) onClose();
                },
              },
            );
          }}
        >
          <Field label={t('admin.reason')}>
            <Textarea
              rows={3}
              maxLength={1000}
              placeholder={t('admin.reasonPlaceholder')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={status.isPending}>
              {t('admin.confirmReject')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Admin: the first five pending cards with the total in the heading (spec §2 Admin, §9). */
export function PendingCardsSection() {
  const { t } = useTranslation('cards');
  const pending = usePendingApprovals(true);
  const [previewing, setPreviewing] = useState<CardData | null>(null);
  const [rejecting, setRejecting] = useState<CardData | null>(null);
  const cards = pending.data?.businessCards ?? [];
  const total = pending.data?.totals.businessCards ?? cards.length;
  const shown = cards.slice(0, LIMITS.adminPendingCards);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.pendingCards', { count: total })}</CardTitle>
      </CardHeader>
      <CardContent>
        {pending.isLoading ? (
          <div className="space-y-2">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : pending.error ? (
          <p role="alert" className="text-sm text-red-700">
            {t('admin.loadFailed')}
          </p>
        ) : shown.length === 0 ? (
          <EmptyState title={t('admin.noPending')} />
        ) : (
          <>
            <ul className="space-y-3">
              {shown.map((card) => (
                <PendingCard
                  key={card.id}
                  card={card}
                  onPreview={() => setPreviewing(card)}
                  onReject={() => setRejecting(card)}
                />
              ))}
            </ul>
            {total > shown.length && (
              <p className="mt-3 text-xs text-slate-500">
                {t('admin.showingFirst', { shown: shown.length, count: total })}
              </p>
            )}
          </>
        )}
      </CardContent>
      <Dialog open={!!previewing} onOpenChange={(open) => !open && setPreviewing(null)}>
        {previewing && (
          <DialogContent title={t('admin.previewTitle')}>
            <CardPreview card={previewing} role={previewing.user.role} />
          </DialogContent>
        )}
      </Dialog>
      {rejecting && <RejectDialog card={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}
