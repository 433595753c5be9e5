/** The profile's "Listings" tab: the owner's listings and their approval status. */
import { Building2, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicUser } from '../../../../core/schemas/auth';
import { RevisionStatus } from '../../../components/revision-status';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { useMyProperties } from '../api/use-properties';
import { canListProperties } from '../lib/listing-roles';
import { placeLabel } from '../../../lib/labels';
import { ApprovalBadge } from './approval-badge';
import { PropertyPrice, PropertyStatusBadge } from '../../../components/property-card';

export function MyListingsTab({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation('discovery');
  const allowed = canListProperties(user);
  const q = useMyProperties(allowed);
  if (!allowed) {
    return (
      <EmptyState icon={<Building2 className="h-10 w-10" aria-hidden="true" />} title={t('mine.notAllowed')}>
        <p>{t('form.notAllowedText')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4" data-testid="my-listings">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('mine.title')}</h2>
        <Button asChild size="sm">
          <Link to="/properties/new">
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('properties.add')}
          </Link>
        </Button>
      </div>
      {q.isLoading ? (
        <Skeleton className="h-24" />
      ) : q.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('properties.fetchFailed')}
        </p>
      ) : !q.data?.length ? (
        <EmptyState icon={<Building2 className="h-10 w-10" aria-hidden="true" />} title={t('mine.empty')}>
          <p>{t('mine.emptyHint')}</p>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {q.data.map((p) => (
            <li key={p.id}>
              <Card className="flex flex-wrap items-center gap-4 p-4">
                {p.imageUrls[0] ? (
                  <img src={p.imageUrls[0]} alt="" className="h-16 w-24 rounded-lg object-cover" />
                ) : (
                  <div className="h-16 w-24 rounded-lg bg-slate-100" />
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <ApprovalBadge status={p.approvalStatus} />
                    <PropertyStatusBadge status={p.status} />
                  </div>
                  <p className="mt-1 truncate font-semibold text-slate-900" dir="auto">
                    {p.title}
                  </p>
                  <p className="text-sm text-slate-500">{placeLabel(t, i18n.language, p.location, p.city)}</p>
                  {p.approvalStatus === 'pending' && (
                    <p className="mt-1 text-xs text-amber-800">{t('approval.pendingNote')}</p>
                  )}
                  {p.approvalStatus === 'rejected' && (
                    <p className="mt-1 text-xs text-red-700">
                      {t('approval.reason', { reason: p.rejectionReason ?? '' })}
                    </p>
                  )}
                </div>
                <div className="basis-full empty:hidden">
                  <RevisionStatus kind="listing" item={{ ...p, published: p.isApproved }} compact />
                </div>
                <PropertyPrice price={p.price} status={p.status} />
                <div className="flex gap-2">
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/properties/${p.id}`}>{t('card.view')}</Link>
                  </Button>
                  <Button asChild size="sm" variant="secondary">
                    <Link to={`/properties/${p.id}/edit`}>{t('detail.edit')}</Link>
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
