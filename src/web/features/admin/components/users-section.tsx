import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { USER_ROLES, type UserRole } from '../../../../core/enums';
import type { AdminUser } from '../../../../core/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/feedback';
import { Select } from '../../../components/ui/input';
import { RoleBadge } from '../../../components/ui/role-badge';
import { toast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../lib/use-unauthorized';
import { USERS_EXPORT_URL } from '../api/admin-center-keys';
import { USERS_PAGE_SIZE, useAdminUsers, useSuspendUser } from '../api/use-admin-users';
import { Pager } from './pager';
import { SearchForm } from './search-form';

/** The table's columns before the actions, in order; their headers are the texts `users.<name>`. */
const USER_COLUMNS = ['name', 'role', 'subscription', 'joined'] as const;

/** Users: search, suspend or restore (their cards leave public view, sessions end), export. */
export function UsersSection() {
  const { t, i18n } = useTranslation('admin-center');
  const fail = useFailureToast('/admin-login');
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<UserRole | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const { data, isLoading } = useAdminUsers({ search: query, role, offset });
  const suspend = useSuspendUser();
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });

  const apply = (u: AdminUser) =>
    suspend.mutate(
      { id: u.id, suspended: !u.suspendedAt },
      {
        onSuccess: (updated) => {
          setConfirming(null);
          toast({
            title: updated.suspendedAt ? t('users.suspendedToast') : t('users.restoredToast'),
            description: `${u.firstName} ${u.lastName}`,
          });
        },
        onError: (error) => fail(error, t('users.failedTitle'), t('users.failedText')),
      },
    );

  return (
    <section id="users" aria-labelledby="users-title" className="scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-title" className="text-xl font-semibold">
          {t('users.title')}
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={USERS_EXPORT_URL} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('users.export')}
          </a>
        </Button>
      </div>
      <SearchForm
        id="admin-user-search"
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        onSearch={(q) => {
          setQuery(q);
          setOffset(0);
        }}
      >
        <label className="sr-only" htmlFor="admin-user-role">
          {t('users.role')}
        </label>
        <Select
          id="admin-user-role"
          className="w-48"
          value={role ?? ''}
          onChange={(e) => {
            setRole((e.target.value || undefined) as UserRole | undefined);
            setOffset(0);
          }}
        >
          <option value="">{t('users.allRoles')}</option>
          {USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`, { ns: 'enums' })}
            </option>
          ))}
        </Select>
      </SearchForm>
      {isLoading && <Skeleton className="h-48" />}
      {data && (
        <Card>
          <CardContent className="relative overflow-x-auto pt-5">
            {/* On a phone the role, subscription and join date sit under the name: four columns do not fit. */}
            <table className="w-full text-sm sm:min-w-[640px]" data-testid="admin-users">
              <thead className="text-start text-xs text-slate-500">
                <tr>
                  {USER_COLUMNS.map((c) => (
                    <th
                      key={c}
                      scope="col"
                      className={cn('pb-2 text-start font-medium', c !== 'name' && 'hidden sm:table-cell')}
                    >
                      {t(`users.${c}`)}
                    </th>
                  ))}
                  <th scope="col" className="pb-2 text-end font-medium">
                    <span className="sr-only">{t('users.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.map((u) => (
                  <tr key={u.id}>
                    <td className="py-2">
                      <p className="font-medium text-slate-900">
                        <bdi data-user>
                          {u.firstName} {u.lastName}
                        </bdi>
                        {u.suspendedAt && (
                          <Badge variant="destructive" className="ms-2">
                            {t('users.suspended')}
                          </Badge>
                        )}
                      </p>
                      <p className="text-xs text-slate-500" dir="ltr">
                        {u.email}
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 sm:hidden">
                        <RoleBadge role={u.role} />
                        {u.subscriptionStatus === 'active' && <span>{t('users.active')}</span>}
                        <span>{date(u.createdAt)}</span>
                      </p>
                    </td>
                    <td className="hidden py-2 sm:table-cell">
                      <RoleBadge role={u.role} />
                    </td>
                    <td className="hidden py-2 sm:table-cell">
                      {u.subscriptionStatus === 'active' ? t('users.active') : '—'}
                    </td>
                    <td className="hidden py-2 sm:table-cell">{date(u.createdAt)}</td>
                    <td className="py-2 text-end">
                      {u.role !== 'admin' && (
                        <Button
                          size="sm"
                          variant="outline"
                          className={u.suspendedAt ? undefined : 'border-red-300 text-red-700 hover:bg-red-50'}
                          onClick={() => setConfirming(u)}
                        >
                          {u.suspendedAt ? t('users.restore') : t('users.suspend')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.items.length === 0 && <p className="py-6 text-center text-sm text-slate-500">{t('users.none')}</p>}
            <Pager offset={offset} total={data.total} pageSize={USERS_PAGE_SIZE} onChange={setOffset} />
          </CardContent>
        </Card>
      )}
      <Dialog open={!!confirming} onOpenChange={(o) => !o && setConfirming(null)}>
        <DialogContent
          title={confirming?.suspendedAt ? t('users.restoreTitle') : t('users.suspendTitle')}
          description={confirming?.suspendedAt ? t('users.restoreText') : t('users.suspendText')}
        >
          <p className="text-sm font-medium">
            {confirming?.firstName} {confirming?.lastName} · <span dir="ltr">{confirming?.email}</span>
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(null)}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button
              variant={confirming?.suspendedAt ? 'default' : 'destructive'}
              disabled={suspend.isPending}
              onClick={() => confirming && apply(confirming)}
            >
              {confirming?.suspendedAt ? t('users.restore') : t('users.suspend')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
