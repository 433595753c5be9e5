/**
 * Team leads: the leads that reached members' cards, seen by the brokerage's owner
 * and managers, assigned to members, moved through new → contacted → qualified → closed, with
 * notes and a CSV export. A member sees the leads of their own card and those assigned to them.
 * Access is decided on every request from the current membership, so someone who left the
 * brokerage loses it at once.
 */
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../core/enums';
import { toCsv } from '../../../core/csv';
import {
  LEAD_NOTES,
  type LeadNote,
  type LeadNoteList,
  type LeadNotesQuery,
  TEAM_LEADS_PAGE_SIZE,
  type TeamLead,
  type TeamLeadList,
  type TeamLeadsQuery,
  type TeamLeadUpdate,
} from '../../../core/schemas/team';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { withOwnerCountLock } from '../../db/owner-lock';
import type { User } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../errors';
import { notifyUser } from '../../platform/mail/notify';
import { writeAudit } from '../audit';
import { findBrokerageById, isTeamManager, membersOf, roleIn } from '../brokerages/service';
import { findUserById } from '../users';
import {
  countNotes,
  findTeamLead,
  insertNote,
  type LeadScope,
  listNotes,
  listTeamLeads,
  lockLead,
  namesOf,
  type TeamLeadRow,
  updateLead,
} from './repository';
import { emitLeadEvent } from '../webhooks';

const EXPORT_MAX_ROWS = 50_000;

const leadNotFound = () => notFound('Lead not found', 'LEAD_NOT_FOUND');

function toTeamLead(r: TeamLeadRow): TeamLead {
  return {
    id: r.id,
    businessCardId: r.businessCardId,
    cardName: r.cardName,
    inquirerName: r.inquirerName,
    inquirerEmail: r.inquirerEmail,
    inquirerPhone: r.inquirerPhone,
    inquirerCompany: r.inquirerCompany,
    inquiryType: r.inquiryType,
    message: r.message,
    status: ((INQUIRY_STATUSES as readonly string[]).includes(r.status) ? r.status : 'pending') as InquiryStatus,
    source: r.source === 'exchange' ? 'exchange' : 'inquiry',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    member: { id: r.memberId, name: r.memberName },
    assignedTo: r.assignedToId ? { id: r.assignedToId, name: r.assignedToName ?? '' } : null,
    noteCount: r.noteCount,
  };
}

/**
 * The caller's view of the brokerage's leads: the whole team for owners and managers, their own
 * for members. 404 for an unknown brokerage, 403 for anyone who is not a member now (admins
 * included: team leads are the brokerage's business).
 */
export async function leadScopeOf(db: DbOrTx, user: User, brokerageId: string): Promise<LeadScope> {
  const brokerage = await findBrokerageById(db, brokerageId);
  if (!brokerage) throw notFound('Brokerage not found', 'BROKERAGE_NOT_FOUND');
  const role = await roleIn(db, brokerageId, user.id);
  if (!role) throw forbidden('Only members of this brokerage see its leads', 'NOT_TEAM_MEMBER');
  return isTeamManager(role) ? { kind: 'team' } : { kind: 'own', userId: user.id };
}

export function createTeamLeadService(ctx: AppContext) {
  const { db } = ctx;

  async function assignees(brokerageId: string) {
    const members = await membersOf(db, brokerageId);
    const names = await namesOf(
      db,
      members.map((m) => m.userId),
    );
    return members.map((m) => ({ id: m.userId, name: names.get(m.userId) ?? '' }));
  }

  return {
    /** GET /api/brokerages/:id/leads */
    async list(user: User, brokerageId: string, q: TeamLeadsQuery): Promise<TeamLeadList> {
      const scope = await leadScopeOf(db, user, brokerageId);
      const rows = await listTeamLeads(db, brokerageId, scope, q, TEAM_LEADS_PAGE_SIZE + 1);
      const page = rows.slice(0, TEAM_LEADS_PAGE_SIZE);
      return {
        items: page.map(toTeamLead),
        nextCursor: rows.length > TEAM_LEADS_PAGE_SIZE ? page[page.length - 1].cursor : null,
        scope: scope.kind,
        assignees: scope.kind === 'team' ? await assignees(brokerageId) : [],
      };
    },

    /** GET /api/brokerages/:id/leads.csv: the same filters, every page, CSV-injection safe. */
    async exportCsv(user: User, brokerageId: string, q: Omit<TeamLeadsQuery, 'cursor'>): Promise<string> {
      const scope = await leadScopeOf(db, user, brokerageId);
      const rows = await listTeamLeads(db, brokerageId, scope, q, EXPORT_MAX_ROWS);
      return toCsv(
        ['Date', 'Member', 'Card', 'Name', 'Email', 'Phone', 'Type', 'Status', 'Assigned to', 'Message'],
        rows.map((r) => [
          r.createdAt,
          r.memberName,
          r.cardName,
          r.inquirerName,
          r.inquirerEmail,
          r.inquirerPhone,
          r.source === 'exchange' ? 'exchange' : r.inquiryType,
          r.status === 'pending' ? 'new' : r.status,
          r.assignedToName,
          r.message,
        ]),
      );
    },

    /**
     * PATCH /api/brokerages/:id/leads/:leadId. Owners and managers assign (to a current member,
     * or nobody) and set the status; a member sets the status of a lead they see.
     */
    async update(user: User, brokerageId: string, leadId: string, input: TeamLeadUpdate): Promise<TeamLead> {
      await db.transaction(async (tx) => {
        const scope = await leadScopeOf(tx, user, brokerageId);
        const lead = await findTeamLead(tx, brokerageId, scope, leadId);
        if (!lead) throw leadNotFound();
        if (input.assignedToId !== undefined && scope.kind !== 'team')
          throw forbidden('Only the brokerage owner or a manager assigns leads', 'NOT_TEAM_MANAGER');
        if (input.assignedToId && !(await roleIn(tx, brokerageId, input.assignedToId)))
          throw fieldError('assignedToId', 'Choose a current member of this brokerage');
        const before = await lockLead(tx, leadId);
        const set = {
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.assignedToId !== undefined ? { assignedToId: input.assignedToId } : {}),
        };
        await updateLead(tx, leadId, set);
        await emitLeadEvent(tx, 'lead.updated', leadId);
        await writeAudit(tx, {
          actorId: user.id,
          action: input.assignedToId !== undefined ? 'team.lead.assign' : 'team.lead.status',
          entityType: 'inquiry',
          entityId: leadId,
          before: { status: before.status, assignedToId: before.assignedToId, brokerageId },
          after: { ...set, brokerageId },
        });
        const newAssignee =
          input.assignedToId && input.assignedToId !== before.assignedToId && input.assignedToId !== user.id
            ? await findUserById(tx, input.assignedToId)
            : undefined;
        if (newAssignee) {
          // The assignee hears of it as their inquiry mail preference says.
          await notifyUser(tx, newAssignee, 'inquiries', 'leadAssigned', {
            name: newAssignee.firstName,
            from: lead.inquirerName,
            cardName: lead.cardName,
            by: `${user.firstName} ${user.lastName}`,
            link: `${ctx.config.publicUrl}/brokerage/leads`,
          });
        }
      });
      const updated = await findTeamLead(db, brokerageId, await leadScopeOf(db, user, brokerageId), leadId);
      if (!updated) throw leadNotFound();
      return toTeamLead(updated);
    },

    /** GET /api/brokerages/:id/leads/:leadId/notes: a page, oldest first. */
    async notes(user: User, brokerageId: string, leadId: string, page: LeadNotesQuery): Promise<LeadNoteList> {
      const scope = await leadScopeOf(db, user, brokerageId);
      if (!(await findTeamLead(db, brokerageId, scope, leadId))) throw leadNotFound();
      // One more than the page: whether a next page exists without counting.
      const rows = await listNotes(db, leadId, { cursor: page.cursor, limit: page.limit + 1 });
      const shown = rows.slice(0, page.limit);
      return {
        notes: shown.map((n) => ({
          id: n.id,
          body: n.body,
          author: n.authorId ? { id: n.authorId, name: n.authorName ?? '' } : null,
          createdAt: n.createdAt.toISOString(),
        })),
        nextCursor: rows.length > page.limit ? shown[shown.length - 1].cursor : null,
      };
    },

    /** POST /api/brokerages/:id/leads/:leadId/notes */
    async addNote(user: User, brokerageId: string, leadId: string, body: string): Promise<LeadNote> {
      // Counted and inserted under the lead's lock, so parallel notes cannot overshoot the cap.
      return withOwnerCountLock(db, 'lead-notes', leadId, async (tx) => {
        const scope = await leadScopeOf(tx, user, brokerageId);
        if (!(await findTeamLead(tx, brokerageId, scope, leadId))) throw leadNotFound();
        if ((await countNotes(tx, leadId)) >= LEAD_NOTES.perLead) {
          throw conflict(`A lead can hold at most ${LEAD_NOTES.perLead} notes.`, 'LEAD_NOTE_LIMIT', {
            max: LEAD_NOTES.perLead,
          });
        }
        const note = await insertNote(tx, { inquiryId: leadId, authorId: user.id, body });
        await writeAudit(tx, {
          actorId: user.id,
          action: 'team.lead.note',
          entityType: 'inquiry',
          entityId: leadId,
          after: { noteId: note.id, brokerageId },
        });
        return {
          id: note.id,
          body: note.body,
          author: { id: user.id, name: `${user.firstName} ${user.lastName}` },
          createdAt: note.createdAt.toISOString(),
        };
      });
    },
  };
}
