import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../../core/enums';
import type { TeamLead } from '../../../../core/schemas/team';
import { Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useUpdateLead } from '../api/use-update-lead';

type Person = { id: string; name: string };

function useChange(brokerageId: string) {
  const { t } = useTranslation('team');
  const update = useUpdateLead(brokerageId);
  const onUnauthorized = useHandleUnauthorized();
  const change = (lead: TeamLead, body: { status?: InquiryStatus; assignedToId?: string | null }, done: string) =>
    update.mutate(
      { id: lead.id, ...body },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) => {
          if (onUnauthorized(error)) return;
          toast({
            title: t('update.failed'),
            description: error instanceof ApiError ? error.serverMessage : undefined,
            variant: 'destructive',
          });
        },
      },
    );
  return { change, pending: update.isPending };
}

/** The status select of one lead; its label names the lead for screen readers. */
export function StatusSelect({
  brokerageId,
  lead,
  showLabel,
}: {
  brokerageId: string;
  lead: TeamLead;
  /** Shows "Status" above the select (the phone's card, which has no column header). */
  showLabel?: boolean;
}) {
  const { t } = useTranslation('team');
  const id = useId();
  const { change, pending } = useChange(brokerageId);
  return (
    <div>
      {showLabel && (
        <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600">
          {t('columns.status')}
        </span>
      )}
      <label htmlFor={id} className="sr-only">
        {t('leads.statusOf', { name: lead.inquirerName })}
      </label>
      <Select
        id={id}
        value={lead.status}
        disabled={pending}
        className="min-w-32"
        onChange={(e) => change(lead, { status: e.target.value as InquiryStatus }, t('update.statusDone'))}
      >
        {INQUIRY_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`inquiryStatus.${s}`, { ns: 'enums' })}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Owners and managers assign a lead to a member (or to nobody). */
export function AssignSelect({
  brokerageId,
  lead,
  assignees,
  showLabel,
}: {
  brokerageId: string;
  lead: TeamLead;
  assignees: Person[];
  showLabel?: boolean;
}) {
  const { t } = useTranslation('team');
  const id = useId();
  const { change, pending } = useChange(brokerageId);
  return (
    <div>
      {showLabel && (
        <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600">
          {t('columns.assignedTo')}
        </span>
      )}
      <label htmlFor={id} className="sr-only">
        {t('leads.assignOf', { name: lead.inquirerName })}
      </label>
      <Select
        id={id}
        value={lead.assignedTo?.id ?? ''}
        disabled={pending}
        className="min-w-40"
        onChange={(e) => {
          const to = e.target.value || null;
          const who = assignees.find((a) => a.id === to)?.name;
          change(lead, { assignedToId: to }, who ? t('update.assigned', { name: who }) : t('update.unassigned'));
        }}
      >
        <option value="">{t('leads.unassigned')}</option>
        {assignees.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
