/**
 * Brokerages in the admin centre: each with its ORN and trade licence, to check against
 * the RERA register and mark verified (or take the mark back), like a card's licence.
 */
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../lib/use-unauthorized';
import { useAdminBrokerages, useVerifyOrn } from '../api/use-admin-brokerages';

export function BrokeragesSection() {
  const { t } = useTranslation('brokerages');
  const fail = useFailureToast('/admin-login');
  const { data, isLoading } = useAdminBrokerages();
  const verify = useVerifyOrn();
  return (
    <section aria-labelledby="admin-brokerages" className="space-y-3">
      <h2 id="admin-brokerages" className="text-xl font-semibold">
        {t('admin.heading')}
      </h2>
      <Card>
        <CardContent className="p-4">
          {isLoading ? (
            <Skeleton className="h-16 w-full" />
          ) : data?.length ? (
            <ul className="divide-y divide-slate-100">
              {data.map((b) => (
                <li
                  key={b.id}
                  className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
                  data-testid="admin-brokerage"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <a href={`/brokerages/${b.slug}`} className="font-medium text-brand-800 hover:underline" data-user>
                      {b.name}
                    </a>
                    <p className="text-xs text-slate-600">
                      <span dir="ltr">ORN {b.ornNumber}</span> ·{' '}
                      <span dir="ltr" data-user>
                        {b.tradeLicenceNumber}
                      </span>{' '}
                      · {t('admin.members', { count: b.memberCount })}
                    </p>
                  </div>
                  {b.ornVerified ? (
                    <Badge variant="success">
                      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                      {t('verified')}
                    </Badge>
                  ) : (
                    <Badge variant="secondary">{t('unverified')}</Badge>
                  )}
                  <Button
                    size="sm"
                    variant={b.ornVerified ? 'outline' : 'default'}
                    disabled={verify.isPending}
                    aria-label={t(b.ornVerified ? 'admin.unverifyFor' : 'admin.verifyFor', { name: b.name })}
                    onClick={() =>
                      verify.mutate(
                        { id: b.id, verified: !b.ornVerified },
                        {
                          onSuccess: () => toast({ title: t('admin.updated'), description: b.name }),
                          onError: (error) => fail(error, t('admin.failed')),
                        },
                      )
                    }
                  >
                    {b.ornVerified ? t('admin.unverify') : t('admin.verify')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t('admin.none')}</p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
