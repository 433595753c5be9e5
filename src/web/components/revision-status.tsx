/**
 * What the owner of published content sees about their edit: that it waits
 * for review while the approved version stays public, or why the admin turned it down.
 */
import { Clock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Item = {
  /** Published: an approved card or listing (its edits are revisions). */
  published: boolean;
  pendingRevision: Record<string, unknown> | null;
  rejectionReason: string | null;
};

export function RevisionStatus({ kind, item, compact }: { kind: 'card' | 'listing'; item: Item; compact?: boolean }) {
  const { t } = useTranslation('common');
  if (!item.published) return null;
  const pad = compact ? 'p-3' : 'p-4';
  if (item.pendingRevision && Object.keys(item.pendingRevision).length) {
    return (
      <div
        role="status"
        className={`flex gap-3 rounded-xl border border-amber-300 bg-amber-50 ${pad} text-sm text-amber-900`}
        data-testid="revision-awaiting"
      >
        <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('revision.awaitingTitle')}</p>
          <p>{kind === 'card' ? t('revision.awaitingCard') : t('revision.awaitingListing')}</p>
        </div>
      </div>
    );
  }
  if (item.rejectionReason) {
    return (
      <div
        role="status"
        className={`flex gap-3 rounded-xl border border-red-200 bg-red-50 ${pad} text-sm text-red-800`}
        data-testid="revision-rejected"
      >
        <XCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('revision.rejectedTitle')}</p>
          <p>{kind === 'card' ? t('revision.rejectedCard') : t('revision.rejectedListing')}</p>
          <p className="mt-1 font-medium" dir="auto">
            {t('revision.reason', { reason: item.rejectionReason })}
          </p>
        </div>
      </div>
    );
  }
  return null;
}
