import { Building2, Download, Inbox, Mail, MessageCircle, Phone, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../../core/enums';
import { formatPhone, phoneLinkDigits } from '../../../../core/phone';
import type { Inquiry } from '../../../../core/schemas/inquiry';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/utils';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { INQUIRIES_EXPORT_URL } from '../api/keys';
import { LEADS_PAGE_SIZE, useInquiries } from '../api/use-inquiries';
import { useUpdateInquiry } from '../api/use-update-inquiry';

const STATUS_STYLE: Record<InquiryStatus, 'gold' | 'default' | 'secondary'> = {
  pending: 'gold',
  contacted: 'default',
  qualified: 'default',
  closed: 'secondary',
};

function LeadRow({ lead, userName }: { lead: Inquiry; userName: string }) {
  const { t, i18n } = useTranslation('inquiries');
  const update = useUpdateInquiry();
  const onUnauthorized = useHandleUnauthorized();
  const when = new Date(lead.createdAt).toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const subject = t('reply.subject');
  const body = t('reply.body', { name: lead.inquirerName, me: userName });
  const mailto =
    lead.inquirerEmail &&
    `mailto:${lead.inquirerEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  const digits = phoneLinkDigits(lead.inquirerPhone);
  const whatsapp = digits ? `https://wa.me/${digits}?text=${encodeURIComponent(body)}` : null;

  const setStatus = (status: InquiryStatus) =>
    update.mutate(
      { id: lead.id, status },
      {
        onSuccess: () => toast({ title: t('status.updated') }),
        onError: (error) => {
          if (!onUnauthorized(error))
            toast({ title: t('status.failedTitle'), description: t('status.failedText'), variant: 'destructive' });
        },
      },
    );

  return (
    <li>
      <Card data-testid="lead">
        <CardContent className="space-y-3 pt-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h3 className="font-semibold text-slate-900">{lead.inquirerName}</h3>
              <p className="text-xs text-slate-500">
                {t('list.onCard', { card: lead.cardName })} · <time dateTime={lead.createdAt}>{when}</time>
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Badge variant="outline" data-testid="lead-kind">
                {lead.source === 'exchange'
                  ? t('list.shared')
                  : t(`inquiryType.${lead.inquiryType}`, { ns: 'enums', defaultValue: lead.inquiryType })}
              </Badge>
              <Badge variant={STATUS_STYLE[lead.status]}>{t(`inquiryStatus.${lead.status}`, { ns: 'enums' })}</Badge>
            </div>
          </div>
          {lead.message && <p className="whitespace-pre-line text-sm text-slate-700">{lead.message}</p>}
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {lead.inquirerCompany && (
              <span className="inline-flex items-center gap-1">
                <Building2 className="h-4 w-4" aria-label={t('list.company')} />
                <span>{lead.inquirerCompany}</span>
              </span>
            )}
            {lead.inquirerEmail && (
              <span className="inline-flex items-center gap-1">
                <Mail className="h-4 w-4" aria-hidden="true" />
                <span dir="ltr">{lead.inquirerEmail}</span>
              </span>
            )}
            {lead.inquirerPhone && (
              <span className="inline-flex items-center gap-1">
                <Phone className="h-4 w-4" aria-hidden="true" />
                <span dir="ltr">{formatPhone(lead.inquirerPhone)}</span>
              </span>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {mailto && (
              <Button asChild size="sm">
                <a href={mailto}>
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {t('reply.email')}
                </a>
              </Button>
            )}
            {whatsapp && (
              <Button asChild size="sm" variant="outline">
                <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                  <MessageCircle className="h-4 w-4" aria-hidden="true" />
                  {t('reply.whatsapp')}
                </a>
              </Button>
            )}
            {/* The lead as a contact file, for the owner only (the server checks). */}
            <Button asChild size="sm" variant="outline">
              <a href={`/api/inquiries/${encodeURIComponent(lead.id)}/vcard`} download data-testid="lead-save-contact">
                <UserPlus className="h-4 w-4" aria-hidden="true" />
                {t('list.saveContact')}
              </a>
            </Button>
            <div className="ms-auto flex items-center gap-2 text-sm text-slate-600">
              <label htmlFor={`lead-status-${lead.id}`}>{t('status.label')}</label>
              <Select
                id={`lead-status-${lead.id}`}
                className="h-9 w-36 py-1"
                value={lead.status}
                disabled={update.isPending}
                onChange={(e) => setStatus(e.target.value as InquiryStatus)}
              >
                {INQUIRY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`inquiryStatus.${s}`, { ns: 'enums' })}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** Profile → Leads: the inquiries of the user's cards, with status and replies. */
export function LeadsTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation('inquiries');
  const [status, setStatus] = useState<InquiryStatus | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const { data, isLoading, isError, refetch } = useInquiries({ status, offset });
  const all = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;
  const filters: { id: InquiryStatus | undefined; label: string; n: number }[] = [
    { id: undefined, label: t('filter.all'), n: all },
    ...INQUIRY_STATUSES.map((s) => ({
      id: s,
      label: t(`inquiryStatus.${s}`, { ns: 'enums' }),
      n: data?.counts[s] ?? 0,
    })),
  ];

  return (
    <section aria-labelledby="leads-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="leads-title" className="text-lg font-semibold">
            {t('list.title')}
          </h2>
          <p className="text-sm text-slate-500">{t('list.subtitle')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={INQUIRIES_EXPORT_URL} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('list.export')}
          </a>
        </Button>
      </div>
      <div role="group" aria-label={t('filter.aria')} className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <button
            key={f.id ?? 'all'}
            type="button"
            aria-pressed={status === f.id}
            onClick={() => {
              setStatus(f.id);
              setOffset(0);
            }}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              status === f.id
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {f.label} <span className="opacity-75">({f.n})</span>
          </button>
        ))}
      </div>
      {isLoading && (
        <div className="space-y-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      )}
      {isError && (
        <div className="text-sm text-slate-600">
          {t('list.failed')}{' '}
          <Button variant="link" size="sm" onClick={() => void refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <EmptyState icon={<Inbox className="h-8 w-8" aria-hidden="true" />} title={t('list.emptyTitle')}>
          {t('list.emptyText')}
        </EmptyState>
      )}
      {data && data.items.length > 0 && (
        <>
          <ul className="space-y-3">
            {data.items.map((lead) => (
              <LeadRow key={lead.id} lead={lead} userName={`${user.firstName} ${user.lastName}`} />
            ))}
          </ul>
          {data.total > LEADS_PAGE_SIZE && (
            <nav className="flex items-center justify-between text-sm" aria-label={t('list.pages')}>
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - LEADS_PAGE_SIZE))}
              >
                {t('list.previous')}
              </Button>
              <span className="text-slate-500">
                {t('list.range', {
                  from: offset + 1,
                  to: Math.min(offset + LEADS_PAGE_SIZE, data.total),
                  total: data.total,
                })}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + LEADS_PAGE_SIZE >= data.total}
                onClick={() => setOffset(offset + LEADS_PAGE_SIZE)}
              >
                {t('list.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
