import { Download, Inbox, Mail, MessageSquareText, Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../core/enums';
import { formatPhone } from '../../../core/phone';
import type { TeamLead } from '../../../core/schemas/team';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, Skeleton } from '../../components/ui/feedback';
import { LabelledSelect } from '../../components/ui/labelled-select';
import { toQueryString } from '../../lib/api';
import { useMediaQuery } from '../../lib/use-media-query';
import { teamLeadsCsvUrl } from './api/keys';
import type { MyBrokerage } from '../../../core/schemas/brokerages';
import { type TeamLeadFilters, useTeamLeads } from './api/use-team-leads';
import { AssignSelect, StatusSelect } from './components/lead-controls';
import { NotesDialog } from './components/notes-dialog';

type Person = { id: string; name: string };

/** The columns of the wide table, in order; their headers are the texts `columns.<name>`. */
const LEAD_COLUMNS = ['date', 'lead', 'member', 'status', 'assignedTo', 'notes'] as const;

function Contact({ lead }: { lead: TeamLead }) {
  return (
    <div className="space-y-0.5 text-sm text-slate-600">
      {lead.inquirerEmail && (
        <a href={`mailto:${lead.inquirerEmail}`} className="flex items-center gap-1 hover:underline" dir="ltr">
          <Mail className="h-3.5 w-3.5" aria-hidden="true" />
          {lead.inquirerEmail}
        </a>
      )}
      {lead.inquirerPhone && (
        <a href={`tel:${lead.inquirerPhone}`} className="flex items-center gap-1 hover:underline" dir="ltr">
          <Phone className="h-3.5 w-3.5" aria-hidden="true" />
          {formatPhone(lead.inquirerPhone)}
        </a>
      )}
    </div>
  );
}

function NotesButton({ lead, onOpen }: { lead: TeamLead; onOpen: () => void }) {
  const { t } = useTranslation('team');
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onOpen}
      aria-label={t('notes.open', { name: lead.inquirerName, count: lead.noteCount })}
    >
      <MessageSquareText className="h-4 w-4" aria-hidden="true" />
      {t('notes.button', { count: lead.noteCount })}
    </Button>
  );
}

function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
}

interface RowProps {
  brokerageId: string;
  lead: TeamLead;
  team: boolean;
  assignees: Person[];
  onNotes: () => void;
}

function LeadCard({ brokerageId, lead, team, assignees, onNotes }: RowProps) {
  const { t } = useTranslation('team');
  const when = useWhen();
  return (
    <li>
      <Card data-testid="team-lead">
        <CardContent className="space-y-3 pt-5">
          <div className="flex items-start justify-between gap-2">
            <div>
              <h3 className="font-semibold text-slate-900">
                <bdi>{lead.inquirerName}</bdi>
              </h3>
              <p className="text-xs text-slate-500">
                <time dateTime={lead.createdAt}>{when(lead.createdAt)}</time>
              </p>
            </div>
            <Badge variant="secondary">{t(`source.${lead.source}`)}</Badge>
          </div>
          <Contact lead={lead} />
          <p className="text-sm text-slate-600">
            {t('leads.toMember', { member: lead.member.name, card: lead.cardName })}
          </p>
          {lead.message && (
            <p dir="auto" className="line-clamp-3 text-sm text-slate-800">
              {lead.message}
            </p>
          )}
          <div className="grid gap-2">
            <StatusSelect brokerageId={brokerageId} lead={lead} showLabel />
            {team ? (
              <AssignSelect brokerageId={brokerageId} lead={lead} assignees={assignees} showLabel />
            ) : (
              <p className="text-sm text-slate-600">
                {lead.assignedTo ? t('leads.assignedTo', { name: lead.assignedTo.name }) : t('leads.unassigned')}
              </p>
            )}
          </div>
          <NotesButton lead={lead} onOpen={onNotes} />
        </CardContent>
      </Card>
    </li>
  );
}

function LeadRow({ brokerageId, lead, team, assignees, onNotes }: RowProps) {
  const { t } = useTranslation('team');
  const when = useWhen();
  return (
    <tr data-testid="team-lead" className="border-t border-slate-200 align-top">
      <td className="p-3 text-xs text-slate-500">
        <time dateTime={lead.createdAt}>{when(lead.createdAt)}</time>
      </td>
      <td className="p-3">
        <p className="font-semibold text-slate-900">
          <bdi>{lead.inquirerName}</bdi>
        </p>
        <Contact lead={lead} />
        {lead.message && (
          <p dir="auto" className="mt-1 line-clamp-2 max-w-xs text-sm text-slate-700">
            {lead.message}
          </p>
        )}
      </td>
      <td className="p-3 text-sm">
        <p className="font-medium text-slate-800">
          <bdi>{lead.member.name}</bdi>
        </p>
        <p className="text-slate-500">
          <bdi>{lead.cardName}</bdi>
        </p>
        <Badge variant="secondary" className="mt-1">
          {t(`source.${lead.source}`)}
        </Badge>
      </td>
      <td className="p-3">
        <StatusSelect brokerageId={brokerageId} lead={lead} />
      </td>
      <td className="p-3">
        {team ? (
          <AssignSelect brokerageId={brokerageId} lead={lead} assignees={assignees} />
        ) : (
          <span className="text-sm text-slate-600">
            {lead.assignedTo ? <bdi>{lead.assignedTo.name}</bdi> : t('leads.unassigned')}
          </span>
        )}
      </td>
      <td className="p-3">
        <NotesButton lead={lead} onOpen={onNotes} />
      </td>
    </tr>
  );
}

function Filters({
  filters,
  onChange,
  assignees,
  team,
}: {
  filters: TeamLeadFilters;
  onChange: (f: TeamLeadFilters) => void;
  assignees: Person[];
  team: boolean;
}) {
  const { t } = useTranslation('team');
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t('filters.label')}>
      <LabelledSelect
        label={t('filters.status')}
        value={filters.status ?? ''}
        onChange={(e) => onChange({ ...filters, status: (e.target.value || undefined) as InquiryStatus | undefined })}
        options={[
          { value: '', label: t('filters.allStatuses') },
          ...INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`inquiryStatus.${s}`, { ns: 'enums' }) })),
        ]}
      />
      {team && (
        <LabelledSelect
          label={t('filters.assignedTo')}
          value={filters.assignedTo ?? ''}
          onChange={(e) => onChange({ ...filters, assignedTo: e.target.value || undefined })}
          options={[
            { value: '', label: t('filters.anyone') },
            { value: 'none', label: t('leads.unassigned') },
            ...assignees.map((a) => ({ value: a.id, label: a.name })),
          ]}
        />
      )}
    </div>
  );
}

/**
 * The Team leads tab of /brokerage: the team's leads for owners and managers, a
 * member's own (their card's and those assigned to them) otherwise.
 */
export function TeamLeadsTab({ membership }: { membership: NonNullable<MyBrokerage> }) {
  const { t } = useTranslation('team');
  const brokerageId = membership.brokerage.id;
  const [filters, setFilters] = useState<TeamLeadFilters>({});
  const [notesFor, setNotesFor] = useState<TeamLead | null>(null);
  const wide = useMediaQuery('(min-width: 768px)');
  const leads = useTeamLeads(brokerageId, filters);
  const first = leads.data?.pages[0];
  const items = leads.data?.pages.flatMap((p) => p.items) ?? [];
  const scopeTeam = first?.scope === 'team';
  const assignees = first?.assignees ?? [];
  // The latest copy of the lead whose notes are open (its count changes when a note is added).
  const openLead = notesFor ? (items.find((i) => i.id === notesFor.id) ?? notesFor) : null;
  const rowProps = (lead: TeamLead): RowProps => ({
    brokerageId,
    lead,
    team: scopeTeam,
    assignees,
    onNotes: () => setNotesFor(lead),
  });

  return (
    <section aria-labelledby="team-leads-list" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="team-leads-list" className="text-lg font-semibold">
            {scopeTeam ? t('leads.teamScope') : t('leads.ownScope')}
          </h2>
          <p className="text-sm text-slate-500">{scopeTeam ? t('leads.teamHint') : t('leads.ownHint')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={teamLeadsCsvUrl(brokerageId, toQueryString({ ...filters }))} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('leads.export')}
          </a>
        </Button>
      </div>
      <Filters filters={filters} onChange={setFilters} assignees={assignees} team={scopeTeam} />
      {leads.isLoading && (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      )}
      {leads.isError && (
        <div className="space-y-2 text-sm text-slate-600">
          <p>{t('leads.failed')}</p>
          <Button variant="outline" onClick={() => leads.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </div>
      )}
      {leads.isSuccess && items.length === 0 && (
        <EmptyState icon={<Inbox className="h-10 w-10" aria-hidden="true" />} title={t('leads.emptyTitle')}>
          <p>{t('leads.emptyText')}</p>
        </EmptyState>
      )}
      {items.length > 0 &&
        (wide ? (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-start">
              <caption className="sr-only">{t('leads.caption')}</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {LEAD_COLUMNS.map((c) => (
                    <th key={c} scope="col" className="p-3 text-start">
                      {t(`columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((lead) => (
                  <LeadRow key={lead.id} {...rowProps(lead)} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul className="space-y-3">
            {items.map((lead) => (
              <LeadCard key={lead.id} {...rowProps(lead)} />
            ))}
          </ul>
        ))}
      {leads.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
            {t('leads.more')}
          </Button>
        </div>
      )}
      <NotesDialog brokerageId={brokerageId} lead={openLead} onClose={() => setNotesFor(null)} />
    </section>
  );
}
