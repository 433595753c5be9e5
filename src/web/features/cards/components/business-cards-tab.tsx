import { BarChart3, CreditCard, Download, Eye, Mail, Pencil, Plus, QrCode, Share2, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicUser } from '../../../../core/schemas/auth';
import type { Card as CardData } from '../../../../core/schemas/card';
import { RevisionStatus } from '../../../components/revision-status';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { useMyCards } from '../api/use-my-cards';
import { useDeleteCard } from '../api/use-save-card';
import { CardStatusBadge } from './card-status-badge';
import { LicenseBadge } from './license-badge';
import { ShareDialog } from './share-dialog';
import { SignatureDialog } from './signature-dialog';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2">
      <span className="text-brand-600">{icon}</span>
      <span className="text-lg font-semibold text-slate-900">{value.toLocaleString()}</span>
      <span className="text-xs text-slate-500">{label}</span>
    </div>
  );
}

function CardRow({
  card,
  onShare,
  onSignature,
  onDelete,
}: {
  card: CardData;
  onShare: () => void;
  onSignature: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('cards');
  const date = new Date(card.updatedAt).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', {
    dateStyle: 'medium',
  });
  return (
    <Card data-testid="my-card">
      <CardContent className="space-y-4 p-5">
        <div className="flex flex-wrap items-start gap-4">
          <Avatar src={card.profileImageUrl} name={card.name} className="h-12 w-12" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold text-slate-900">{card.name}</h3>
              <CardStatusBadge status={card.status} />
              <LicenseBadge card={card} />
            </div>
            <p className="text-sm text-slate-600">
              {card.profession}
              {card.company ? ` · ${card.company}` : ''}
            </p>
            <p className="text-xs text-slate-600">{t('tab.updated', { date })}</p>
          </div>
        </div>
        {card.status === 'pending' && (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t('tab.pendingNote')}</p>
        )}
        <RevisionStatus kind="card" item={{ ...card, published: card.status === 'approved' }} compact />
        {card.status === 'rejected' && (
          <div
            className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            data-testid="rejected-note"
          >
            <p>{t('tab.rejectedNote')}</p>
            {card.rejectionReason && (
              <p className="mt-1 font-medium">{t('tab.reason', { reason: card.rejectionReason })}</p>
            )}
          </div>
        )}
        {card.stats && (
          <div className="flex flex-wrap gap-2">
            <Stat
              icon={<BarChart3 className="h-4 w-4" aria-hidden="true" />}
              label={t('tab.views')}
              value={card.stats.views}
            />
            <Stat
              icon={<Download className="h-4 w-4" aria-hidden="true" />}
              label={t('tab.downloads')}
              value={card.stats.vcardDownloads}
            />
            <Stat
              icon={<QrCode className="h-4 w-4" aria-hidden="true" />}
              label={t('tab.qrVisits')}
              value={card.stats.qrVisits}
            />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {card.status === 'approved' && (
            <>
              <Button asChild size="sm" variant="outline">
                <a href={`/cards/${card.id}`} target="_blank" rel="noopener noreferrer">
                  <Eye className="h-4 w-4" aria-hidden="true" />
                  {t('tab.view')}
                </a>
              </Button>
              <Button size="sm" variant="outline" onClick={onShare}>
                <Share2 className="h-4 w-4" aria-hidden="true" />
                {t('tab.share')}
              </Button>
              <Button size="sm" variant="outline" onClick={onSignature}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                {t('tab.signature')}
              </Button>
            </>
          )}
          <Button asChild size="sm" variant="outline">
            <Link to={`/edit-card/${card.id}`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {t('tab.edit')}
            </Link>
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {t('tab.delete')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The profile's Business Cards tab (with each card's analytics and review notes). */
export function BusinessCardsTab(_props: { user: PublicUser }) {
  const { t } = useTranslation('cards');
  const cards = useMyCards();
  const remove = useDeleteCard();
  const [sharing, setSharing] = useState<CardData | null>(null);
  const [signing, setSigning] = useState<CardData | null>(null);
  const [deleting, setDeleting] = useState<CardData | null>(null);

  return (
    <section className="space-y-4" aria-labelledby="my-cards-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-cards-title" className="text-lg font-semibold">
          {t('tab.title')}
        </h2>
        <Button asChild size="sm">
          <Link to="/create-card">
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('tab.create')}
          </Link>
        </Button>
      </div>
      {cards.isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : cards.error ? (
        <p role="alert" className="text-sm text-red-700">
          {t('tab.loadFailed')}
        </p>
      ) : !cards.data?.length ? (
        <EmptyState icon={<CreditCard className="h-10 w-10" aria-hidden="true" />} title={t('tab.empty')}>
          <p>{t('tab.emptyText')}</p>
          <Button asChild className="mt-4">
            <Link to="/create-card">{t('tab.create')}</Link>
          </Button>
        </EmptyState>
      ) : (
        cards.data.map((card) => (
          <CardRow
            key={card.id}
            card={card}
            onShare={() => setSharing(card)}
            onSignature={() => setSigning(card)}
            onDelete={() => setDeleting(card)}
          />
        ))
      )}
      {sharing && <ShareDialog card={sharing} open onOpenChange={(open) => !open && setSharing(null)} />}
      {signing && <SignatureDialog card={signing} open onOpenChange={(open) => !open && setSigning(null)} />}
      <Dialog open={!!deleting} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent title={t('tab.deleteTitle')} description={t('tab.deleteText')}>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('create.cancel')}
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => toast({ title: t('tab.deleted') }),
                  onError: () =>
                    toast({
                      title: t('create.failedTitle'),
                      description: t('tab.deleteFailed'),
                      variant: 'destructive',
                    }),
                  onSettled: () => setDeleting(null),
                })
              }
            >
              {t('tab.delete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
