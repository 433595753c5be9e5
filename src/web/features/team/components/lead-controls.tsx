import { useTranslation } from 'react-i18next';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../../core/enums';
import type { TeamLead } from '../../../../core/schemas/team';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { toast } from '../../../components/ui/toast';
import { useFailureToast } from '../../../lib/use-unauthorized';
import { useUpdateLead } from '../api/use-update-lead';

type Person = { id: string; name: string };

function useChange(brokerageId: string) {
  const { t } = useTranslation('team');
  const update = useUpdateLead(brokerageId);
  const fail = useFailureToast();
  const change = (lead: TeamLead, body: { status?: InquiryStatus; assignedToId?: string | null }, done: string) =>
    update.mutate(
      { id: lead.id, ...body },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) => fail(error, t('update.failed')),
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
  const { change, pending } = useChange(brokerageId);
  return (
    <LabelledSelect
      label={t('leads.statusOf', { name: lead.inquirerName })}
      hideLabel
      caption={showLabel && t('columns.status')}
      value={lead.status}
      disabled={pending}
      className="min-w-32"
      onChange={(e) => change(lead, { status: e.target.value as InquiryStatus }, t('update.statusDone'))}
      options={INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`inquiryStatus.${s}`, { ns: 'enums' }) }))}
    />
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
  const { change, pending } = useChange(brokerageId);
  return (
    <LabelledSelect
      label={t('leads.assignOf', { name: lead.inquirerName })}
      hideLabel
      caption={showLabel && t('columns.assignedTo')}
      value={lead.assignedTo?.id ?? ''}
      disabled={pending}
      className="min-w-40"
      onChange={(e) => {
        const to = e.target.value || null;
        const who = assignees.find((a) => a.id === to)?.name;
        change(lead, { assignedToId: to }, who ? t('update.assigned', { name: who }) : t('update.unassigned'));
      }}
      options={[{ value: '', label: t('leads.unassigned') }, ...assignees.map((a) => ({ value: a.id, label: a.name }))]}
    />
  );
}
