/**
 * The team: who is in it, with role and card; owners change roles, owners and managers
 * remove members and invite by e-mail. Controls a role may not use are not shown, and the server
 * refuses them anyway.
 */
import { useTranslation } from 'react-i18next';
import {
  BROKERAGE_ROLES,
  type BrokerageRole,
  type Member,
  type MyBrokerage,
} from '../../../../core/schemas/brokerages';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import type { PublicUser } from '../../../../core/schemas/auth';
import { useMembers, useRemoveMember, useSetMemberRole } from '../api/use-members';
import { ConfirmButton } from './confirm-button';
import { InvitationsPanel } from './invitations-panel';

export function MembersTab({ membership, user }: { membership: NonNullable<MyBrokerage>; user: PublicUser }) {
  const { t, i18n } = useTranslation('brokerages');
  const { brokerage, role: mine } = membership;
  const members = useMembers(brokerage.id);
  const setRole = useSetMemberRole(brokerage.id);
  const remove = useRemoveMember(brokerage.id);
  const date = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });
  const failed = (error: unknown) =>
    toast({
      title: t('members.failed'),
      description: error instanceof ApiError ? error.serverMessage : undefined,
      variant: 'destructive',
    });
  const mayRemove = (m: Member) =>
    m.userId !== user.id && (mine === 'owner' || (mine === 'manager' && m.role === 'member'));
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('members.heading')}</CardTitle>
        </CardHeader>
        <CardContent>
          {members.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('members.heading')}>
              {(members.data ?? []).map((m) => {
                const name = `${m.firstName} ${m.lastName}`;
                return (
                  <li
                    key={m.userId}
                    className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
                    data-testid="member-row"
                  >
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="font-medium" data-user>
                        {name}{' '}
                        {m.userId === user.id ? <span className="text-slate-500">{t('members.you')}</span> : null}
                      </p>
                      <p className="truncate text-xs text-slate-500" dir="ltr" data-user>
                        {m.email}
                      </p>
                      <p className="text-xs text-slate-500">
                        {t('members.joined')}: {date.format(new Date(m.joinedAt))}
                      </p>
                    </div>
                    <div className="text-sm">
                      {m.cardId ? (
                        <a className="text-brand-700 underline" href={`/cards/${m.cardId}`}>
                          {t('members.viewCard')}
                        </a>
                      ) : (
                        <span className="text-slate-500">{t('members.noCard')}</span>
                      )}
                    </div>
                    {mine === 'owner' ? (
                      <Select
                        className="w-36"
                        aria-label={t('members.roleFor', { name })}
                        value={m.role}
                        disabled={setRole.isPending}
                        onChange={(ev) =>
                          setRole.mutate(
                            { userId: m.userId, role: ev.target.value as BrokerageRole },
                            { onSuccess: () => toast({ title: t('members.roleChanged') }), onError: failed },
                          )
                        }
                      >
                        {BROKERAGE_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`role.${r}`)}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <span className="text-sm font-medium">{t(`role.${m.role}`)}</span>
                    )}
                    {mayRemove(m) ? (
                      <ConfirmButton
                        variant="outline"
                        size="sm"
                        aria-label={t('members.removeFor', { name })}
                        question={t('members.removeConfirm', { name })}
                        confirmLabel={t('members.remove')}
                        onConfirm={() =>
                          remove.mutate(m.userId, {
                            onSuccess: () => toast({ title: t('members.removed') }),
                            onError: failed,
                          })
                        }
                      >
                        {t('members.remove')}
                      </ConfirmButton>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      {mine === 'owner' || mine === 'manager' ? <InvitationsPanel brokerageId={brokerage.id} role={mine} /> : null}
    </div>
  );
}
