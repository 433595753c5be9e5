/**
 * Running a brokerage: create and edit it, invite brokers by e-mail, change roles,
 * remove and leave. Every rule is checked here on the server, every change runs in one
 * transaction with its audit entry, and the invitation e-mail is queued in that transaction.
 *
 * Decisions (docs/decisions/014-brokerages.md): only real estate brokers create a brokerage;
 * anyone invited may join when signed in with the invited e-mail; the slug never changes after
 * creation so shared links keep working.
 */
import crypto from 'node:crypto';
import type {
  BrokerageInputParsed,
  BrokerageRole,
  BrokerageView,
  Invitation,
  InvitationPreview,
  Member,
  MyBrokerage,
} from '../../../core/schemas/brokerages';
import { brokerageSlug } from '../../../core/schemas/brokerages';
import { LIMITS } from '../../../core/limits';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Brokerage, User } from '../../db/schema';
import { AppError, conflict, type ErrorCode, forbidden, notFound } from '../../errors';
import { queueTemplate } from '../../platform/mail/outbox';
import { mailLang } from '../../platform/mail/templates';
import { writeAudit } from '../audit';
import { newestApprovedCard } from '../cards/service';
import { verifyBrokerages } from '../registers';
import { findUserByEmail, findUserById } from '../users';
import * as repository from './repository';
import { brandFields, isTeamManager, toBrokerageView } from './service';
import { emitMemberEvent } from '../webhooks';
import { brokeragePaysASeat } from '../team/seats-service';
import { RATE_RULES } from '../../platform/rate-limit/rules';

const BROKERAGE_NOT_FOUND = 'Brokerage not found';
const notFoundBrokerage = () => notFound(BROKERAGE_NOT_FOUND, 'BROKERAGE_NOT_FOUND');
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
const INVITATION_DAYS = Math.round(LIMITS.brokerageInvitationTtlMs / 86_400_000);

/** Words the API uses after /brokerages/ (GET /brokerages/my, /brokerages/invitations/…). */
const RESERVED_SLUGS = ['my', 'invitations', 'new'];

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

const ornTaken = () => conflict('A brokerage with this ORN is already registered on Bitaqa.', 'ORN_TAKEN');
const gone = (code: ErrorCode, message: string) => new AppError(410, code, message);

/** Column values from the form; only the keys present (PATCH is partial). '' clears a field. */
function toValues(input: Partial<BrokerageInputParsed>): Partial<repository.BrokerageValues> {
  const out: Partial<repository.BrokerageValues> = {};
  const blank = <T>(v: T | '' | null | undefined) => (v === '' || v === undefined ? null : v);
  if (input.name !== undefined) out.name = input.name;
  if (input.nameAr !== undefined) out.nameAr = blank(input.nameAr);
  if (input.ornNumber !== undefined) out.ornNumber = input.ornNumber;
  if (input.tradeLicenceNumber !== undefined) out.tradeLicenceNumber = input.tradeLicenceNumber;
  if (input.logoUrl !== undefined) out.logoUrl = blank(input.logoUrl);
  if (input.primaryColor !== undefined) out.primaryColor = blank(input.primaryColor);
  if (input.secondaryColor !== undefined) out.secondaryColor = blank(input.secondaryColor);
  if (input.officeAddress !== undefined) out.officeAddress = blank(input.officeAddress);
  if (input.emirate !== undefined) out.emirate = input.emirate;
  if (input.lockedFields !== undefined) out.lockedFields = [...new Set(input.lockedFields)];
  return out;
}

/** What an audit entry keeps of a brokerage. */
const auditFields = (b: Brokerage) => ({ ...brandFields(b), lockedFields: b.lockedFields });

function toInvitation(i: repository.Invitation): Invitation {
  return {
    id: i.id,
    email: i.email,
    role: i.role === 'manager' ? 'manager' : 'member',
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  };
}

/**
 * What a deleted account leaves of its brokerage. A member or manager simply leaves. The last
 * owner of a brokerage that still has other members must first hand it over (as with Leave):
 * otherwise nobody could manage it. A brokerage with nobody else in it goes with the account,
 * so it leaves the directory and its ORN is free again. `check` only asks, without changing.
 */
export async function releaseBrokerageOfDeletedUser(tx: DbOrTx, userId: string, check = false): Promise<void> {
  const membership = await repository.membershipOf(tx, userId);
  if (!membership) return;
  const id = membership.brokerage.id;
  if (membership.role === 'owner' && (await repository.countOwners(tx, id)) <= 1) {
    const others = (await repository.membersOf(tx, id)).filter((m) => m.userId !== userId);
    if (others.length > 0) {
      throw conflict(
        'You are the last owner of your brokerage: make another member an owner, or delete the brokerage, before deleting your account.',
        'LAST_OWNER',
      );
    }
    if (check) return;
    await repository.deleteBrokerage(tx, id);
    await writeAudit(tx, {
      actorId: userId,
      action: 'brokerage.delete',
      entityType: 'brokerage',
      entityId: id,
      before: { ...auditFields(membership.brokerage), slug: membership.brokerage.slug, reason: 'owner_deleted' },
    });
    return;
  }
  if (check) return;
  await repository.deleteMember(tx, id, userId);
  await emitMemberEvent(tx, 'left', id, { userId, role: membership.role });
  await writeAudit(tx, {
    actorId: userId,
    action: 'brokerage.member_leave',
    entityType: 'brokerage',
    entityId: id,
    before: { userId, role: membership.role, reason: 'account_deleted' },
  });
}

export function createBrokerageTeamService(ctx: AppContext) {
  const { db, config } = ctx;
  const invitesPerSender = ctx.limits.limiter('invites-sender', RATE_RULES.invitesPerSender);
  const invitesPerRecipient = ctx.limits.limiter('invites-recipient', RATE_RULES.invitesPerRecipient);
  const invitesPerBrokerage = ctx.limits.limiter('invites-brokerage', RATE_RULES.invitesPerBrokerage);

  /** A free slug for this name: the name's slug, else with -2, -3 … */
  async function freeSlug(tx: DbOrTx, name: string): Promise<string> {
    const base = brokerageSlug(name);
    const taken = new Set([...(await repository.slugsLike(tx, base)), ...RESERVED_SLUGS]);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** The brokerage, locked, and the caller's role in it: 404 when missing, 403 when not a member. */
  async function lockedWithRole(tx: DbOrTx, user: User, id: string) {
    const brokerage = await repository.lockBrokerage(tx, id);
    if (!brokerage) throw notFoundBrokerage();
    const role = await repository.roleIn(tx, id, user.id);
    if (!role) throw forbidden('You are not a member of this brokerage.', 'NOT_BROKERAGE_MEMBER');
    return { brokerage, role };
  }

  async function checkOrnFree(tx: DbOrTx, orn: string, exceptId?: string) {
    const other = await repository.findBrokerageByOrn(tx, orn);
    if (other && other.id !== exceptId) throw ornTaken();
  }

  /** An invitation the token names that can still be answered, else 404 / 410. */
  async function openInvitation(tx: DbOrTx, token: string, lock: boolean) {
    const row = await repository.findInvitationByHash(tx, sha256(token), lock);
    if (!row) throw notFound('This invitation link is not valid.', 'INVITATION_NOT_FOUND');
    const { invitation } = row;
    if (invitation.acceptedAt) throw gone('INVITATION_USED', 'This invitation has already been used.');
    if (invitation.revokedAt) throw gone('INVITATION_REVOKED', 'This invitation was withdrawn or declined.');
    if (invitation.expiresAt.getTime() <= ctx.now().getTime()) {
      throw gone('INVITATION_EXPIRED', 'This invitation has expired. Ask the brokerage for a new one.');
    }
    return row;
  }

  return {
    /** GET /brokerages/my: the caller's membership, or null. */
    async mine(user: User): Promise<MyBrokerage> {
      const m = await repository.membershipOf(db, user.id);
      return m ? { brokerage: toBrokerageView(m.brokerage), role: m.role, joinedAt: m.joinedAt.toISOString() } : null;
    },

    /** Creates the brokerage with the caller as its owner (one transaction). */
    async create(user: User, input: BrokerageInputParsed): Promise<MyBrokerage> {
      if (user.role !== 'real_estate_broker') {
        throw forbidden('Only real estate brokers can create a brokerage.', 'BROKER_ONLY');
      }
      try {
        const created = await db.transaction(async (tx) => {
          if (await repository.membershipOf(tx, user.id)) {
            throw conflict('You already belong to a brokerage. Leave it first.', 'ALREADY_IN_BROKERAGE');
          }
          await checkOrnFree(tx, input.ornNumber);
          const values = toValues(input);
          const brokerage = await repository.insertBrokerage(tx, {
            ...values,
            name: input.name,
            ornNumber: input.ornNumber,
            tradeLicenceNumber: input.tradeLicenceNumber,
            slug: await freeSlug(tx, input.name),
            createdBy: user.id,
          });
          await repository.insertMember(tx, { brokerageId: brokerage.id, userId: user.id, role: 'owner' });
          await writeAudit(tx, {
            actorId: user.id,
            action: 'brokerage.create',
            entityType: 'brokerage',
            entityId: brokerage.id,
            after: { ...auditFields(brokerage), slug: brokerage.slug },
          });
          return brokerage.id;
        });
        // Its ORN against the office register straight away (the badge without waiting a day).
        await verifyBrokerages(db, ctx.now(), created);
      } catch (err) {
        // Two creations racing for one ORN or one member row: the unique indexes decide.
        if (isUniqueViolation(err)) {
          if (await repository.membershipOf(db, user.id)) {
            throw conflict('You already belong to a brokerage. Leave it first.', 'ALREADY_IN_BROKERAGE');
          }
          throw ornTaken();
        }
        throw err;
      }
      return this.mine(user);
    },

    /** Owner and managers edit the details; changing the ORN clears its verification. */
    async update(user: User, id: string, input: Partial<BrokerageInputParsed>): Promise<BrokerageView> {
      try {
        const after = await db.transaction(async (tx) => {
          const { brokerage, role } = await lockedWithRole(tx, user, id);
          if (!isTeamManager(role))
            throw forbidden('Only the owner or a manager may edit the brokerage.', 'NOT_TEAM_MANAGER');
          const values = toValues(input);
          if (values.ornNumber !== undefined && values.ornNumber.toUpperCase() !== brokerage.ornNumber.toUpperCase()) {
            await checkOrnFree(tx, values.ornNumber, id);
            values.ornVerified = false;
            values.ornVerifiedAt = null;
          }
          // The admin verified a name with its ORN: a new name (in either language) is a new
          // claim, and members' cards would carry it unchecked, so it goes back to review.
          const renamed = (a: string | null | undefined, b: string | null | undefined) =>
            b !== undefined && (a ?? '').trim().toLowerCase() !== (b ?? '').trim().toLowerCase();
          if (
            brokerage.ornVerified &&
            (renamed(brokerage.name, values.name) || renamed(brokerage.nameAr, values.nameAr))
          ) {
            values.ornVerified = false;
            values.ornVerifiedAt = null;
          }
          const updated = await repository.updateBrokerage(tx, id, values);
          await writeAudit(tx, {
            actorId: user.id,
            action: 'brokerage.update',
            entityType: 'brokerage',
            entityId: id,
            before: auditFields(brokerage),
            after: auditFields(updated),
          });
          return updated;
        });
        await verifyBrokerages(db, ctx.now(), id);
        return toBrokerageView((await repository.findBrokerageById(db, id)) ?? after);
      } catch (err) {
        if (isUniqueViolation(err)) throw ornTaken();
        throw err;
      }
    },

    /** The owner deletes the brokerage: members, invitations and seats go with it. */
    async remove(user: User, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { brokerage, role } = await lockedWithRole(tx, user, id);
        if (role !== 'owner') throw forbidden('Only an owner may delete the brokerage.', 'NOT_BROKERAGE_OWNER');
        await repository.deleteBrokerage(tx, id);
        await writeAudit(tx, {
          actorId: user.id,
          action: 'brokerage.delete',
          entityType: 'brokerage',
          entityId: id,
          before: { ...auditFields(brokerage), slug: brokerage.slug },
        });
      });
    },

    /** Admin: marks the ORN as checked against the RERA register (like a card licence). */
    async setOrnVerified(admin: User, id: string, verified: boolean): Promise<BrokerageView> {
      const after = await db.transaction(async (tx) => {
        const before = await repository.lockBrokerage(tx, id);
        if (!before) throw notFoundBrokerage();
        const updated = await repository.updateBrokerage(tx, id, {
          ornVerified: verified,
          ornVerifiedAt: verified ? ctx.now() : null,
        });
        await writeAudit(tx, {
          actorId: admin.id,
          action: verified ? 'brokerage.orn_verify' : 'brokerage.orn_unverify',
          entityType: 'brokerage',
          entityId: id,
          before: { ornNumber: before.ornNumber, ornVerified: before.ornVerified },
          after: { ornNumber: updated.ornNumber, ornVerified: updated.ornVerified },
        });
        return updated;
      });
      return toBrokerageView(after);
    },

    /** Admin centre: every brokerage with its member count, unverified first. */
    async listForAdmin(page: { limit: number; offset: number }) {
      const rows = await repository.listBrokeragesForAdmin(db, page.limit, page.offset);
      return rows.map((r) => ({ ...toBrokerageView(r.brokerage), memberCount: Number(r.memberCount) }));
    },

    /** Members with their names, roles and cards. Any member may see the team. */
    async members(user: User, id: string): Promise<Member[]> {
      const brokerage = await repository.findBrokerageById(db, id);
      if (!brokerage) throw notFoundBrokerage();
      if (!(await repository.roleIn(db, id, user.id))) {
        throw forbidden('You are not a member of this brokerage.', 'NOT_BROKERAGE_MEMBER');
      }
      const rows = await repository.membersOf(db, id);
      const out = await Promise.all(
        rows.map(async (m): Promise<Member | null> => {
          const u = await findUserById(db, m.userId);
          if (!u) return null;
          const card = await newestApprovedCard(db, m.userId);
          return {
            userId: m.userId,
            firstName: u.firstName,
            lastName: u.lastName,
            email: u.email,
            role: m.role,
            joinedAt: m.joinedAt.toISOString(),
            cardId: card?.card.id ?? null,
          };
        }),
      );
      const order: Record<BrokerageRole, number> = { owner: 0, manager: 1, member: 2 };
      return out.filter((m): m is Member => m !== null).sort((a, b) => order[a.role] - order[b.role]);
    },

    /**
     * The owner changes a member's role (owner, manager, member). The last owner cannot step
     * down: another owner must be named first.
     */
    async setRole(user: User, id: string, memberId: string, role: BrokerageRole): Promise<Member[]> {
      await db.transaction(async (tx) => {
        const { role: mine } = await lockedWithRole(tx, user, id);
        if (mine !== 'owner') throw forbidden('Only an owner may change roles.', 'NOT_BROKERAGE_OWNER');
        const current = await repository.roleIn(tx, id, memberId);
        if (!current) throw notFound('This person is not a member of the brokerage.', 'MEMBER_NOT_FOUND');
        if (current === role) return;
        if (current === 'owner' && (await repository.countOwners(tx, id)) <= 1) {
          throw conflict('The brokerage needs an owner: make someone else an owner first.', 'LAST_OWNER');
        }
        await repository.setMemberRole(tx, id, memberId, role);
        await writeAudit(tx, {
          actorId: user.id,
          action: 'brokerage.member_role',
          entityType: 'brokerage',
          entityId: id,
          before: { userId: memberId, role: current },
          after: { userId: memberId, role },
        });
      });
      return this.members(user, id);
    },

    /** Owner removes anyone else; a manager removes members only. Leaving is `leave`. */
    async removeMember(user: User, id: string, memberId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { role: mine } = await lockedWithRole(tx, user, id);
        if (!isTeamManager(mine))
          throw forbidden('Only the owner or a manager may remove members.', 'NOT_TEAM_MANAGER');
        if (memberId === user.id) throw conflict('To leave the brokerage yourself, use Leave.', 'USE_LEAVE');
        const target = await repository.roleIn(tx, id, memberId);
        if (!target) throw notFound('This person is not a member of the brokerage.', 'MEMBER_NOT_FOUND');
        if (mine === 'manager' && target !== 'member') {
          throw forbidden('A manager may remove members only.', 'MANAGER_REMOVES_MEMBERS_ONLY');
        }
        await repository.deleteMember(tx, id, memberId);
        await emitMemberEvent(tx, 'left', id, { userId: memberId, role: target });
        await writeAudit(tx, {
          actorId: user.id,
          action: 'brokerage.member_remove',
          entityType: 'brokerage',
          entityId: id,
          before: { userId: memberId, role: target },
        });
      });
    },

    /** A member or manager leaves; the last owner must name another owner or delete the brokerage. */
    async leave(user: User, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await lockedWithRole(tx, user, id);
        if (role === 'owner' && (await repository.countOwners(tx, id)) <= 1) {
          throw conflict('You are the last owner: make another member an owner or delete the brokerage.', 'LAST_OWNER');
        }
        await repository.deleteMember(tx, id, user.id);
        await emitMemberEvent(tx, 'left', id, { userId: user.id, role });
        await writeAudit(tx, {
          actorId: user.id,
          action: 'brokerage.member_leave',
          entityType: 'brokerage',
          entityId: id,
          before: { userId: user.id, role },
        });
      });
    },

    /**
     * Invites by e-mail: the owner as manager or member, a manager as member. A new invitation
     * to the same address replaces the open one. Only the token's SHA-256 is stored.
     */
    async invite(user: User, id: string, input: { email: string; role: 'manager' | 'member' }): Promise<Invitation> {
      // Only someone who may invite spends the brokerage's and the address's allowance (checked
      // again under the lock below). Counted outside the transaction: the counters live in
      // Redis or rows of their own, and a refused attempt counts too, as with every other limit.
      const myRole = await repository.roleIn(db, id, user.id);
      if (!isTeamManager(myRole)) {
        if (!(await repository.findBrokerageById(db, id))) throw notFoundBrokerage();
        if (!myRole) throw forbidden('You are not a member of this brokerage.', 'NOT_BROKERAGE_MEMBER');
        throw forbidden('Only the owner or a manager may invite.', 'NOT_TEAM_MANAGER');
      }
      await invitesPerSender.consume(user.id, 'You have sent too many invitations today. Try again tomorrow.');
      await invitesPerBrokerage.consume(id, 'This brokerage has sent too many invitations today. Try again tomorrow.');
      await invitesPerRecipient.consume(
        input.email.toLowerCase(),
        'This address has received enough invitations today. Try again tomorrow.',
      );
      const token = crypto.randomBytes(32).toString('base64url');
      const invitation = await db.transaction(async (tx) => {
        const { brokerage, role } = await lockedWithRole(tx, user, id);
        if (!isTeamManager(role)) throw forbidden('Only the owner or a manager may invite.', 'NOT_TEAM_MANAGER');
        if (role === 'manager' && input.role !== 'member') {
          throw forbidden('A manager may invite members only.', 'MANAGER_INVITES_MEMBERS_ONLY');
        }
        const existing = await findUserByEmail(tx, input.email);
        if (existing && (await repository.roleIn(tx, id, existing.id))) {
          throw conflict('This person is already a member of the brokerage.', 'ALREADY_MEMBER');
        }
        const now = ctx.now();
        if (!brokerage.ornVerified && !(await brokeragePaysASeat(tx, id, now))) {
          const sent = await repository.countInvitations(tx, id);
          if (sent >= LIMITS.unverifiedBrokerageInvitations) {
            throw forbidden(
              `A brokerage can send ${LIMITS.unverifiedBrokerageInvitations} invitations until its ORN is verified or it pays for a seat.`,
              'BROKERAGE_NOT_VERIFIED',
              { max: LIMITS.unverifiedBrokerageInvitations },
            );
          }
        }
        let stillOpen = 0;
        for (const open of await repository.pendingInvitations(tx, id, now)) {
          if (open.email === input.email) await repository.updateInvitation(tx, open.id, { revokedAt: now });
          else stillOpen++;
        }
        if (stillOpen >= LIMITS.brokerageOpenInvitationsMax) {
          throw conflict(
            `A brokerage can have at most ${LIMITS.brokerageOpenInvitationsMax} open invitations. Withdraw some or wait for them to be answered.`,
            'INVITATION_LIMIT',
            { max: LIMITS.brokerageOpenInvitationsMax },
          );
        }
        const row = await repository.insertInvitation(tx, {
          brokerageId: id,
          email: input.email,
          role: input.role,
          tokenHash: sha256(token),
          invitedById: user.id,
          expiresAt: new Date(now.getTime() + LIMITS.brokerageInvitationTtlMs),
        });
        await writeAudit(tx, {
          actorId: user.id,
          action: 'brokerage.invite',
          entityType: 'brokerage',
          entityId: id,
          after: { invitationId: row.id, email: row.email, role: row.role },
        });
        // Security-relevant mail (like verification): sent whatever the invitee's preferences.
        await queueTemplate(
          tx,
          { email: input.email, lang: mailLang(existing?.preferredLanguage ?? user.preferredLanguage) },
          'brokerageInvitation',
          {
            inviter: `${user.firstName} ${user.lastName}`.trim(),
            brokerage: brokerage.name,
            role: row.role,
            link: `${config.publicUrl}/brokerages/invitations/${token}`,
            days: INVITATION_DAYS,
          },
        );
        return row;
      });
      return toInvitation(invitation);
    },

    /** Open invitations (owner and managers). */
    async invitations(user: User, id: string): Promise<Invitation[]> {
      const brokerage = await repository.findBrokerageById(db, id);
      if (!brokerage) throw notFoundBrokerage();
      if (!isTeamManager(await repository.roleIn(db, id, user.id))) {
        throw forbidden('Only the owner or a manager may see invitations.', 'NOT_TEAM_MANAGER');
      }
      return (await repository.pendingInvitations(db, id, ctx.now())).map(toInvitation);
    },

    async revoke(user: User, id: string, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await lockedWithRole(tx, user, id);
        if (!isTeamManager(role))
          throw forbidden('Only the owner or a manager may withdraw invitations.', 'NOT_TEAM_MANAGER');
        const invitation = await repository.findInvitationById(tx, id, invitationId);
        if (!invitation) throw notFound('Invitation not found', 'INVITATION_NOT_FOUND');
        if (invitation.acceptedAt) throw conflict('This invitation has already been accepted.', 'INVITATION_USED');
        if (invitation.revokedAt) return;
        await repository.updateInvitation(tx, invitation.id, { revokedAt: ctx.now() });
        await writeAudit(tx, {
          actorId: user.id,
          action: 'brokerage.invite_revoke',
          entityType: 'brokerage',
          entityId: id,
          before: { invitationId: invitation.id, email: invitation.email, role: invitation.role },
        });
      });
    },

    /** What the invitation page shows (anyone holding the link). */
    async preview(token: string): Promise<InvitationPreview> {
      const { invitation, brokerage } = await openInvitation(db, token, false);
      return {
        email: invitation.email,
        role: invitation.role === 'manager' ? 'manager' : 'member',
        expiresAt: invitation.expiresAt.toISOString(),
        brokerage: {
          slug: brokerage.slug,
          name: brokerage.name,
          nameAr: brokerage.nameAr,
          logoUrl: brokerage.logoUrl,
          primaryColor: brokerage.primaryColor,
          secondaryColor: brokerage.secondaryColor,
          ornNumber: brokerage.ornNumber,
          verified: brokerage.ornVerified,
        },
      };
    },

    /**
     * Accepts: the signed-in user's e-mail must be the invited one (a forwarded link does not
     * let someone else in), and they must not belong to a brokerage already. Their account, and
     * so their cards, now belong to the brokerage.
     */
    async accept(user: User, token: string): Promise<MyBrokerage> {
      try {
        await db.transaction(async (tx) => {
          const { invitation } = await openInvitation(tx, token, true);
          if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
            throw forbidden(
              `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
              'INVITATION_EMAIL_MISMATCH',
              { email: invitation.email },
            );
          }
          if (await repository.membershipOf(tx, user.id)) {
            throw conflict('You already belong to a brokerage. Leave it first.', 'ALREADY_IN_BROKERAGE');
          }
          await repository.insertMember(tx, {
            brokerageId: invitation.brokerageId,
            userId: user.id,
            role: invitation.role === 'manager' ? 'manager' : 'member',
          });
          await repository.updateInvitation(tx, invitation.id, { acceptedAt: ctx.now(), acceptedById: user.id });
          await emitMemberEvent(tx, 'joined', invitation.brokerageId, { userId: user.id, role: invitation.role });
          await writeAudit(tx, {
            actorId: user.id,
            action: 'brokerage.member_join',
            entityType: 'brokerage',
            entityId: invitation.brokerageId,
            after: { userId: user.id, role: invitation.role, invitationId: invitation.id },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw conflict('You already belong to a brokerage. Leave it first.', 'ALREADY_IN_BROKERAGE');
        }
        throw err;
      }
      return this.mine(user);
    },

    /** Declines: the invited person (signed in with that e-mail) turns it down; the link dies. */
    async decline(user: User, token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { invitation } = await openInvitation(tx, token, true);
        if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
          throw forbidden(
            `This invitation was sent to ${invitation.email}. Sign in with that address to answer it.`,
            'INVITATION_EMAIL_MISMATCH',
            { email: invitation.email },
          );
        }
        await repository.updateInvitation(tx, invitation.id, { revokedAt: ctx.now() });
        await writeAudit(tx, {
          actorId: user.id,
          action: 'brokerage.invite_decline',
          entityType: 'brokerage',
          entityId: invitation.brokerageId,
          before: { invitationId: invitation.id, email: invitation.email },
        });
      });
    },
  };
}

export type BrokerageTeamService = ReturnType<typeof createBrokerageTeamService>;
