/**
 * The admin page's pending properties (spec §2 Admin: the first 3, each with Approve; §8 toasts
 * "Success / Property approved." and "Error / Failed to approve property."), plus Reject with a
 * reason (issue 4).
 */
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPriceAed } from '../../../../core/format';
import type { Property } from '../../../../core/schemas/properties';
import { PROPERTY_LIMITS } from '../../../../core/filter-options';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { revisionChanges } from '../../../../core/revision';
import { RevisionDiff } from '../../../components/revision-diff';
import { useApproveProperty, usePendingProperties, useRejectProperty } from '../api/use-admin-properties';

/** An edit of an approved listing, shown against the live listing (issue 11 finding 2). */
function ListingRevision({ p }: { p: Property }) {
  const changes = p.isApproved ? revisionChanges(p, p.pendingRevision) : null;
  if (!changes) return null;
  return (
    <div className="basis-full">
      <RevisionDiff kind="property" changes={changes} />
    </div>
  );
}

export function PendingPropertiesPanel() {
  const { t, i18n } = useTranslation('discovery');
  const q = usePendingProperties();
  const approve = useApproveProperty();
  const reject = useRejectProperty();
  const [rejecting, setRejecting] = useState<{ id: string; title: string; version: number } | null>(null);
  const [reason, setReason] = useState('');
  const failed = (error: unknown, text: string) =>
    error instanceof ApiError && error.status === 409
      ? toast({
          title: t('revision.changed', { ns: 'common' }),
          description: t('revision.changedText', { ns: 'common' }),
          variant: 'destructive',
        })
      : toast({ title: t('errorTitle'), description: text, variant: 'destructive' });

  return (
    <Card data-testid="pending-properties">
      <CardHeader>
        <CardTitle>{t('admin.pendingTitle', { count: q.data?.total ?? 0 })}</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isLoading ? (
          <Skeleton className="h-20" />
        ) : q.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('results.error')}
          </p>
        ) : !q.data?.items.length ? (
          <p className="text-sm text-slate-500">{t('admin.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {q.data.items.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="pending-property">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/properties/${p.id}`}
                    className="inline-flex min-h-6 items-center font-medium text-slate-900 hover:underline"
                    data-user
                  >
                    {p.title}
                  </Link>
                  <p className="text-sm text-slate-500">
                    <bdi>{formatPriceAed(p.price, { locale: i18n.language, style: 'full' })}</bdi> ·{' '}
                    <bdi data-user>{p.agentName}</bdi>
                  </p>
                </div>
                <Button
                  size="sm"
                  disabled={approve.isPending}
                  onClick={() =>
                    approve.mutate(
                      { id: p.id, version: p.version },
                      {
                        onSuccess: () => toast({ title: t('admin.successTitle'), description: t('admin.approved') }),
                        onError: (error) => failed(error, t('admin.approveFailed')),
                      },
                    )
                  }
                  aria-label={t('admin.approveAria', { title: p.title })}
                >
                  <Check className="h-4 w-4" aria-hidden="true" />
                  {t('admin.approve')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setRejecting({ id: p.id, title: p.title, version: p.version })}
                  aria-label={t('admin.rejectAria', { title: p.title })}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                  {t('admin.reject')}
                </Button>
                <ListingRevision p={p} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={rejecting !== null} onOpenChange={(o) => !o && setRejecting(null)}>
        <DialogContent title={t('admin.rejectTitle')} description={rejecting?.title}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!rejecting || reason.trim().length < 3) return;
              reject.mutate(
                { id: rejecting.id, version: rejecting.version, reason: reason.trim() },
                {
                  onSuccess: () => {
                    toast({ title: t('admin.successTitle'), description: t('admin.rejected') });
                    setRejecting(null);
                    setReason('');
                  },
                  onError: (error) => {
                    setRejecting(null);
                    failed(error, t('admin.rejectFailed'));
                  },
                },
              );
            }}
            className="space-y-4"
          >
            <Field label={t('admin.reason')} required>
              <Textarea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={PROPERTY_LIMITS.rejectReasonMax}
                rows={3}
              />
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setRejecting(null)}>
                {t('detail.cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={reject.isPending || reason.trim().length < 3}>
                {t('admin.reject')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
