/** The brokerage at a glance: brand, ORN status, public page, my role; leave or delete. */
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MyBrokerage } from '../../../../core/schemas/brokerages';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from './confirm-button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useDeleteBrokerage, useLeaveBrokerage, useMembers } from '../api/use-members';
import { BrokerageLogo } from './brokerage-logo';
import { OfficeAddress, OrnLine } from './verified-badge';

export function OverviewTab({ membership }: { membership: NonNullable<MyBrokerage> }) {
  const { t, i18n } = useTranslation(['brokerages', 'enums']);
  const { brokerage: b, role } = membership;
  const members = useMembers(b.id);
  const leave = useLeaveBrokerage(b.id);
  const remove = useDeleteBrokerage(b.id);
  const name = i18n.language === 'ar' && b.nameAr ? b.nameAr : b.name;
  const lastOwner = role === 'owner' && (members.data ?? []).filter((m) => m.role === 'owner').length <= 1;
  const failed = (error: unknown) =>
    toast({
      title: t('overview.failed'),
      description: error instanceof ApiError ? error.serverMessage : undefined,
      variant: 'destructive',
    });
  return (
    <Card>
      <CardContent className="space-y-5 p-6">
        <div
          className="flex flex-wrap items-center gap-4 rounded-xl p-4"
          style={{ borderInlineStart: `6px solid ${b.primaryColor ?? '#0f4c81'}` }}
        >
          <BrokerageLogo url={b.logoUrl} name={name} color={b.primaryColor} className="h-16 w-16" />
          <div className="min-w-0">
            <h2 className="text-xl font-bold" data-user>
              {name}
            </h2>
            <OrnLine orn={b.ornNumber} verified={b.ornVerified} className="mt-1 text-slate-600" />
            <p className="mt-1 text-sm text-slate-600">
              {t('overview.yourRole', { role: t(`role.${role}`) })}
              {members.data ? ` · ${t('overview.members', { count: members.data.length })}` : null}
            </p>
            {b.officeAddress ? (
              <OfficeAddress address={b.officeAddress} emirate={b.emirate} className="mt-1 text-sm text-slate-500" />
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <a href={`/brokerages/${b.slug}`}>
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              {t('overview.publicPage')}
            </a>
          </Button>
          {/* The last owner cannot leave (the server refuses it): they hand over or delete instead. */}
          {!lastOwner && (
            <ConfirmButton
              variant="ghost"
              disabled={leave.isPending}
              question={t('overview.leaveConfirm', { name })}
              confirmLabel={t('overview.leave')}
              onConfirm={() =>
                leave.mutate(undefined, { onSuccess: () => toast({ title: t('overview.left') }), onError: failed })
              }
            >
              {t('overview.leave')}
            </ConfirmButton>
          )}
          {role === 'owner' ? (
            <ConfirmButton
              variant="destructive"
              disabled={remove.isPending}
              question={t('overview.deleteConfirm', { name })}
              confirmLabel={t('overview.delete')}
              onConfirm={() =>
                remove.mutate(undefined, { onSuccess: () => toast({ title: t('overview.deleted') }), onError: failed })
              }
            >
              {t('overview.delete')}
            </ConfirmButton>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
