import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { PublicUser } from '../../../../core/schemas/auth';
import type { Card, CardInputParsed } from '../../../../core/schemas/card';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PageSpinner } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/use-auth';
import { AccessDenied } from '../../../components/access-denied';
import { useCard } from '../api/use-card';
import { useUpdateCard } from '../api/use-save-card';
import { RevisionStatus } from '../../../components/revision-status';
import { CardForm } from '../components/card-form';
import { cardValues, toPayload, useCardForm } from '../components/card-form-values';
import { CardNotFound } from '../components/card-not-found';
import { useSaveErrors } from '../components/use-save-errors';

export function EditCardPage() {
  const { t } = useTranslation('cards');
  const { id } = useParams();
  const { user, isLoading } = useAuth();
  const card = useCard(user ? id : undefined);
  if (isLoading || (user && card.isLoading)) return <PageSpinner />;
  if (!user) return <AccessDenied />;
  if (card.error || !card.data) {
    const missing = card.error instanceof ApiError && card.error.status === 404;
    return <CardNotFound text={missing ? undefined : t('notFound.fetchFailed')} />;
  }
  if (card.data.userId !== user.id) return <CardNotFound text={t('edit.notYours')} />;
  return <EditCard user={user} card={card.data} />;
}

function EditCard({ user, card }: { user: PublicUser; card: Card }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  // An edit waiting for review is what the owner goes on editing (saving the live values would undo it).
  const form = useCardForm(cardValues(card.pendingRevision ? ({ ...card, ...card.pendingRevision } as Card) : card));
  const update = useUpdateCard(card.id);
  const onError = useSaveErrors(form, t('edit.failedText'));
  const [confirming, setConfirming] = useState<CardInputParsed | null>(null);
  // A rejected card goes back to review; an approved one stays public while its changes
  // wait for review. Say so before saving.
  const resubmits = card.status !== 'pending';
  const approved = card.status === 'approved';

  const save = (values: CardInputParsed) =>
    update.mutate(toPayload(values), {
      onSuccess: () => {
        toast({ title: t('edit.updatedTitle'), description: t('edit.updatedText') });
        navigate('/profile?tab=cards');
      },
      onError,
      onSettled: () => setConfirming(null),
    });

  const banner = resubmits ? (
    <div className="mb-6 space-y-3">
      <RevisionStatus kind="card" item={{ ...card, published: approved }} />
      <div
        role="note"
        className={`flex gap-3 rounded-xl border p-4 text-sm ${approved ? 'border-slate-200 bg-slate-50 text-slate-800' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
        data-testid="resubmit-warning"
      >
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{approved ? t('edit.reviewTitle') : t('edit.resubmitTitle')}</p>
          <p>{card.status === 'approved' ? t('edit.resubmitApproved') : t('edit.resubmitRejected')}</p>
          {card.status === 'rejected' && card.rejectionReason && (
            <p className="mt-1">{t('edit.rejectedReason', { reason: card.rejectionReason })}</p>
          )}
        </div>
      </div>
    </div>
  ) : null;

  return (
    <>
      <CardForm
        form={form}
        role={user.role}
        title={t('edit.title')}
        subtitle={t('edit.subtitle')}
        banner={banner}
        submitLabel={t('edit.submit')}
        submittingLabel={t('edit.submitting')}
        pending={update.isPending}
        onCancel={() => navigate('/profile?tab=cards')}
        onSubmit={(values) => (resubmits ? setConfirming(values) : save(values))}
      />
      <Dialog open={!!confirming} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent
          title={t('edit.confirmTitle')}
          description={approved ? t('edit.confirmTextApproved') : t('edit.confirmText')}
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(null)}>
              {t('create.cancel')}
            </Button>
            <Button disabled={update.isPending} onClick={() => confirming && save(confirming)}>
              {t('edit.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
