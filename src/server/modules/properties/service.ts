/**
 * Listing rules: brokers and developers list properties; every new or edited listing
 * waits for an admin; only the owner edits or deletes; the admin's decision is audited in the
 * same transaction and the owner is told by e-mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import { formatPhone } from '../../../core/phone';
import { and, eq } from 'drizzle-orm';
import { isListingClosed, type PropertyStatus, type UserRole } from '../../../core/enums';
import { offMarketReason, PERMIT_MESSAGES, permitAuthorityFor, permitIssues, uaeToday } from '../../../core/permits';
import type {
  Property,
  PropertyDetail,
  PropertyInputParsed,
  PropertyPatch,
  PropertyTranslations,
} from '../../../core/schemas/properties';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { withOwnerCountLock } from '../../db/owner-lock';
import { properties, type User } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { placeOrThrow } from '../places';
import { notifyUser } from '../../platform/mail/notify';
import { writeAudit } from '../audit';
import { contactCardFor, mayContact } from '../cards/service';
import { findUserById } from '../users';
import { type PropertyRow, toProperty } from './mapper';
import { checkPermitLink } from '../../../core/permit-qr';
import { permitQrRefusal } from './permit-qr';
import {
  countOwnerProperties,
  findPropertyRow,
  listerLicences,
  listListedPropertyIds,
  listOwnerPropertiesByIds,
  listProperties,
  type PropertyFilter,
} from './repository';
import { emitListingApproved } from '../webhooks';

export type { PropertyFilter };

export const PROPERTY_NOT_FOUND = 'Property not found';

/** One page of public listings and the total (smart search and recommendations use it too). */
export function listPublicProperties(db: DbOrTx, f: PropertyFilter) {
  return listProperties(db, f);
}

/** Ids and last changes of the public listings on `today` (the sitemap). */
export function listedPropertyIds(db: DbOrTx, limit: number, today: string) {
  return listListedPropertyIds(db, limit, today);
}

/** The UAE day of the app's clock: the day listings' permits are checked against. */
export const listingDay = (ctx: Pick<AppContext, 'now'>): string => uaeToday(ctx.now());
/** The owner's listings among these ids, as their owner sees them (the public API reads its pages here). */
export function ownListingsByIds(db: DbOrTx, userId: string, ids: string[]) {
  return listOwnerPropertiesByIds(db, userId, ids);
}
/** Who may list properties (brokers and developers). */
export const LISTING_ROLES: readonly UserRole[] = ['real_estate_broker', 'real_estate_developer'];
/** Listings one account may hold: plenty for a developer, a wall for a script. */
export const LISTINGS_PER_USER = 500;

const reviewFields = (p: PropertyRow['p']) => ({ isApproved: p.isApproved, rejectionReason: p.rejectionReason });

/** The listing fields an owner writes, and the permit QR link the QR upload sets after its checks. */
type ListingChanges = Partial<PropertyInputParsed> & { permitQrLink?: string | null };

function clean(input: ListingChanges) {
  const out: Partial<typeof properties.$inferInsert> = {};
  if (input.title !== undefined) out.title = input.title;
  if (input.description !== undefined) out.description = input.description || null;
  if (input.propertyType !== undefined) out.propertyType = input.propertyType;
  if (input.status !== undefined) out.status = input.status;
  if (input.price !== undefined) out.price = input.price;
  if (input.bedrooms !== undefined) out.bedrooms = input.bedrooms;
  if (input.bathrooms !== undefined) out.bathrooms = input.bathrooms;
  if (input.area !== undefined) out.area = input.area;
  if (input.address !== undefined) out.address = input.address || null;
  if (input.city !== undefined) out.city = input.city;
  if (input.location !== undefined || input.locationId !== undefined) {
    const place = placeOrThrow(input.location, input.locationId, 'location');
    out.location = place?.name ?? null;
    out.locationId = place?.id ?? null;
  }
  if (input.features !== undefined) out.features = [...new Set(input.features)];
  if (input.imageUrls !== undefined) out.imageUrls = [...new Set(input.imageUrls)];
  if (input.permitNumber !== undefined) out.permitNumber = input.permitNumber?.trim() || null;
  if (input.permitQrLink !== undefined) out.permitQrLink = input.permitQrLink;
  if (input.permitAuthorityName !== undefined) out.permitAuthorityName = input.permitAuthorityName?.trim() || null;
  if (input.permitExpiresOn !== undefined) out.permitExpiresOn = input.permitExpiresOn?.trim() || null;
  return out;
}

const PERMIT_KEYS = ['city', 'permitNumber', 'permitAuthorityName', 'permitExpiresOn'] as const;

/**
 * The permit columns that follow from the listing's emirate and number: the authority, and no
 * authority name where the emirate names it (Dubai, Abu Dhabi).
 */
function permitColumns(v: { city?: string | null; permitNumber?: string | null }) {
  const authority = permitAuthorityFor(v.city);
  return {
    permitAuthority: v.permitNumber ? authority : null,
    ...(authority === 'other' ? {} : { permitAuthorityName: null }),
  };
}

/** 400 with each permit field's message. */
function permitError(issues: { path: string; message: string }[]) {
  return badRequest(issues[0].message, 'VALIDATION_FAILED', {
    errors: Object.fromEntries(issues.map((i) => [i.path, i.message])),
  });
}

/**
 * The demo's Arabic text of a listing describes the English it was written from: an
 * owner's change to the title, description or features drops it, so Arabic readers see the
 * owner's own words rather than an outdated translation.
 */
function staleTranslations(changes: Record<string, unknown>): { translations?: PropertyTranslations } {
  return ['title', 'description', 'features'].some((k) => k in changes) ? { translations: {} } : {};
}

export function createPropertyService(ctx: AppContext, _log: FastifyBaseLogger) {
  const { db } = ctx;

  async function rowOrNotFound(id: string): Promise<PropertyRow> {
    const row = await findPropertyRow(db, id);
    if (!row) throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
    return row;
  }

  /** The owner's row, or 404 when the caller may not see it and 403 when they may see but not touch it. */
  async function ownedRow(user: User, id: string): Promise<PropertyRow> {
    const row = await rowOrNotFound(id);
    if (row.p.userId === user.id) return row;
    if (row.p.isApproved || user.role === 'admin')
      throw forbidden('Only the owner can change this listing.', 'NOT_OWNER');
    throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
  }

  /**
   * The owner's e-mail about a review decision, in their language, queued in the decision's
   * transaction. `revisionRejected`: an edit of an approved listing was turned down; the
   * listing stays listed.
   */
  async function tellOwner(tx: DbOrTx, row: PropertyRow['p'], approved: boolean, revisionRejected = false) {
    const owner = await findUserById(tx, row.userId);
    if (!owner) return;
    const link = `${ctx.config.publicUrl}/properties/${row.id}`;
    const params = { name: owner.firstName, title: row.title, reason: row.rejectionReason, link: `${link}/edit` };
    if (revisionRejected) await notifyUser(tx, owner, 'cardStatus', 'listingRevisionRejected', params);
    else if (approved)
      await notifyUser(tx, owner, 'cardStatus', 'listingApproved', { name: owner.firstName, title: row.title, link });
    else await notifyUser(tx, owner, 'cardStatus', 'listingRejected', params);
  }

  return {
    /** Approved listings to anyone; pending or rejected ones to their owner and admins. */
    async get(id: string, viewer: User | null): Promise<PropertyDetail> {
      const row = await rowOrNotFound(id);
      const isOwner = viewer?.id === row.p.userId;
      const isAdmin = viewer?.role === 'admin';
      const owner = await findUserById(db, row.p.userId);
      const hidden = !owner || owner.deletedAt || owner.suspendedAt;
      if ((!row.p.isApproved || hidden) && !isOwner && !isAdmin)
        throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
      // Contact details: the owner's newest card the viewer may open, else their profile phone;
      // both only as far as the owner's card visibility allows.
      const reachable = !!owner && (await mayContact(db, viewer, owner));
      const card = reachable ? (await contactCardFor(db, row.p.userId, viewer))?.card : undefined;
      // Shown in the international format of the number's country.
      const cardPhone = formatPhone(card?.phone, card?.countryCode);
      const userPhone =
        owner && reachable ? (formatPhone(owner.phone) ?? formatPhone(owner.phoneNumber, owner.countryCode)) : null;
      return {
        ...toProperty(row, { private: isOwner || isAdmin, today: listingDay(ctx) }),
        contact: { phone: cardPhone ?? userPhone, email: card?.email ?? null, cardId: card?.id ?? null },
        licences: await listerLicences(db, row.p.userId),
      };
    },

    async create(user: User, input: PropertyInputParsed): Promise<Property> {
      if (!LISTING_ROLES.includes(user.role)) {
        throw forbidden('Only real estate brokers and developers can list properties.', 'LISTING_ROLE_REQUIRED');
      }
      const values = clean(input);
      // The form's rules were checked by the schema; that the permit has not already expired is
      // checked here, on the app's clock rather than the browser's.
      const expired = permitIssues(input, listingDay(ctx)).filter((i) => i.message === PERMIT_MESSAGES.expired);
      if (input.permitNumber?.trim() && !isListingClosed(input.status) && expired.length) throw permitError(expired);
      Object.assign(values, permitColumns({ city: input.city, permitNumber: values.permitNumber }));
      // Counted and inserted under the owner's lock, so parallel creates cannot overshoot the limit.
      const created = await withOwnerCountLock(db, 'properties', user.id, async (tx) => {
        if ((await countOwnerProperties(tx, user.id)) >= LISTINGS_PER_USER) {
          throw new AppError(409, 'TOO_MANY_LISTINGS', `An account can hold at most ${LISTINGS_PER_USER} listings.`, {
            max: LISTINGS_PER_USER,
          });
        }
        const [row] = await tx
          .insert(properties)
          .values({
            ...values,
            title: input.title,
            propertyType: input.propertyType,
            status: input.status,
            price: input.price,
            userId: user.id,
            isApproved: false,
            rejectionReason: null,
          })
          .returning({ id: properties.id });
        return row;
      });
      return toProperty(await rowOrNotFound(created.id), { private: true, today: listingDay(ctx) });
    },

    /**
     * Owner's edit: an approved listing stays listed as approved while the
     * edit waits as a pending revision; a pending or rejected one is edited in place and waits for
     * review. Nothing changes when nothing differs.
     */
    async update(
      user: User,
      id: string,
      patch: PropertyPatch & Pick<ListingChanges, 'permitQrLink'>,
    ): Promise<Property> {
      await ownedRow(user, id);
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(properties).where(eq(properties.id, id)).for('update').limit(1);
        if (!current) throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
        const values = clean(patch) as Record<string, unknown>;
        const live = current as unknown as Record<string, unknown>;
        const base = { ...live, ...(current.pendingRevision ?? {}) };
        const pick = (k: (typeof PERMIT_KEYS)[number]) =>
          (values[k] !== undefined ? values[k] : base[k]) as string | null;
        const merged = Object.fromEntries(PERMIT_KEYS.map((k) => [k, pick(k)])) as Record<
          (typeof PERMIT_KEYS)[number],
          string | null
        >;
        // A sold or let unit is no longer advertised, so it needs no advertising permit.
        const status = (values.status ?? base.status) as PropertyStatus;
        const today = listingDay(ctx);
        const reopening = isListingClosed(current.status) && !isListingClosed(status);
        const permitTouched = PERMIT_KEYS.some((k) => values[k] !== undefined && !same(base[k], values[k]));
        if (!isListingClosed(status)) {
          // Without a number where the emirate needs one, nothing is advertised. The rest of the
          // permit (its format, authority and expiry date) is checked when it is entered or when
          // the unit goes back on the market, so a listing from before expiry dates were asked can
          // still have its price changed.
          const issues = permitIssues(merged, today).filter(
            (i) => reopening || permitTouched || (i.path === 'permitNumber' && !merged.permitNumber),
          );
          const expired = issues.filter((i) => i.message === PERMIT_MESSAGES.expired);
          // Back on the market with the permit that ran out: a conflict with the listing as it is,
          // said in so many words, rather than a form mistake.
          if (reopening && !permitTouched && expired.length && issues.length === expired.length)
            throw new AppError(
              409,
              'PERMIT_EXPIRED',
              `This listing's permit expired on ${merged.permitExpiresOn}. Enter the renewed permit and its new expiry date to put it back on the market.`,
              { errors: { permitExpiresOn: PERMIT_MESSAGES.expired }, expiredOn: merged.permitExpiresOn },
            );
          if (issues.length) throw permitError(issues);
        }
        // A permit QR that no longer fits the listing (its number or emirate changed) goes with the
        // change: a page must never show a regulator's code for another permit.
        const qr = (values.permitQrLink !== undefined ? values.permitQrLink : base.permitQrLink) as string | null;
        if (qr && !checkPermitLink(qr, merged.city, merged.permitNumber).ok) values.permitQrLink = null;
        if (permitTouched) Object.assign(values, permitColumns(merged));
        if (current.isApproved) {
          const revision: Record<string, unknown> = { ...(current.pendingRevision ?? {}) };
          // Marking a listed unit sold or let takes it down at once: taking an ad down needs no
          // review, and a sold unit left on show while an admin gets to it is the problem. Putting
          // it back on the market is an edit like any other and waits for review.
          const closing =
            values.status !== undefined &&
            isListingClosed(values.status as PropertyStatus) &&
            !same(live.status, values.status);
          const closed = closing ? { status: values.status as PropertyStatus } : {};
          if (closing) {
            delete values.status;
            delete revision.status;
          }
          let changed = closing;
          for (const [key, value] of Object.entries(values)) {
            if (same(key in revision ? revision[key] : live[key], value)) continue;
            changed = true;
            if (same(live[key], value)) delete revision[key];
            else revision[key] = value;
          }
          if (!changed) return;
          // A new edit replaces a turned-down one, so the old reason no longer applies.
          await tx
            .update(properties)
            .set({
              ...closed,
              pendingRevision: Object.keys(revision).length ? revision : null,
              rejectionReason: null,
              version: current.version + 1,
            })
            .where(eq(properties.id, id));
          return;
        }
        const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(live[k], v)));
        if (!Object.keys(changes).length && !current.rejectionReason) return;
        await tx
          .update(properties)
          .set({
            ...changes,
            ...staleTranslations(changes),
            isApproved: false,
            rejectionReason: null,
            version: current.version + 1,
          })
          .where(eq(properties.id, id));
      });
      return toProperty(await rowOrNotFound(id), { private: true, today: listingDay(ctx) });
    },

    /** The caller's own listing, or 404/403 as for an edit. */
    async ownListing(user: User, id: string): Promise<void> {
      await ownedRow(user, id);
    },

    /**
     * What a listing's share picture shows, for anyone: a listing on show (approved, its owner
     * neither suspended nor deleted) answers; a sold or let one answers 410, as it is no longer
     * advertised; anything else 404. The lister's licence numbers come from their newest public card.
     */
    async shareable(id: string) {
      const row = await rowOrNotFound(id);
      const owner = await findUserById(db, row.p.userId);
      if (!row.p.isApproved || !owner || owner.deletedAt || owner.suspendedAt)
        throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
      // Sold, let, or its permit expired: off the market, and a share would advertise it all the same.
      if (offMarketReason(row.p, listingDay(ctx)))
        throw new AppError(410, 'LISTING_CLOSED', 'This listing is off the market and no longer shared.');
      const card = (await contactCardFor(db, row.p.userId, null))?.card;
      return {
        row: row.p,
        lister: {
          name: card?.name || `${row.ownerFirstName} ${row.ownerLastName}`.trim(),
          brn: card?.brnNumber || null,
          orn: card?.ornNumber || null,
        },
      };
    },

    /**
     * Sets (or with null removes) the permit's QR link, checked against the listing as its owner
     * now edits it (a pending edit's permit number and emirate first). Like any edit, on an approved
     * listing it waits for review while the approved listing stays as it was.
     */
    async setPermitQr(user: User, id: string, decoded: string | null): Promise<Property> {
      const row = await ownedRow(user, id);
      if (decoded === null) return this.update(user, id, { permitQrLink: null });
      const edited = { ...row.p, ...((row.p.pendingRevision ?? {}) as Partial<typeof row.p>) };
      const check = checkPermitLink(decoded, edited.city, edited.permitNumber);
      if (!check.ok) throw permitQrRefusal(check, edited.city, edited.permitNumber);
      return this.update(user, id, { permitQrLink: check.link });
    },

    /** Deletes the listing; its photos that nothing else uses go after the commit. */
    async remove(user: User, id: string): Promise<void> {
      await ownedRow(user, id);
      const unused = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(properties)
          .where(and(eq(properties.id, id), eq(properties.userId, user.id)))
          .returning({ imageUrls: properties.imageUrls, pendingRevision: properties.pendingRevision });
        if (!row) return [];
        const pending = (row.pendingRevision as { imageUrls?: unknown } | null)?.imageUrls;
        return ctx.uploads.release(tx, [...row.imageUrls, ...(Array.isArray(pending) ? pending : [])]);
      });
      await ctx.uploads.purge(unused);
    },

    /** Approves the listing, or its pending revision (applied to the live listing); 409 when it changed since review. */
    async approve(admin: User, id: string, reviewed: Reviewed = {}): Promise<Property> {
      await db.transaction(async (tx) => {
        const before = await lockForReview(tx, id, reviewed);
        const revision = before.isApproved ? before.pendingRevision : null;
        const [after] = await tx
          .update(properties)
          .set({
            ...((revision ?? {}) as Partial<typeof properties.$inferInsert>),
            ...staleTranslations(revision ?? {}),
            isApproved: true,
            rejectionReason: null,
            pendingRevision: null,
            version: before.version + 1,
          })
          .where(eq(properties.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: admin.id,
          action: revision ? 'property.revision.approve' : 'property.approve',
          entityType: 'property',
          entityId: id,
          before: { ...reviewFields(before), version: before.version, ...(revision ? { revision } : {}) },
          after: { ...reviewFields(after), version: after.version },
        });
        if (!before.isApproved) await tellOwner(tx, after, true);
        if (!before.isApproved) await emitListingApproved(tx, id);
      });
      return toProperty(await rowOrNotFound(id), { private: true, today: listingDay(ctx) });
    },

    /**
     * Rejects the listing with a reason; for an approved listing with a pending revision only the
     * revision is dropped and the approved listing stays listed, the reason
     * kept for its owner until their next edit.
     */
    async reject(admin: User, id: string, reason: string, reviewed: Reviewed = {}): Promise<Property> {
      await db.transaction(async (tx) => {
        const before = await lockForReview(tx, id, reviewed);
        const revisionOnly = before.isApproved && !!before.pendingRevision;
        const [row] = await tx
          .update(properties)
          .set(
            revisionOnly
              ? { pendingRevision: null, rejectionReason: reason, version: before.version + 1 }
              : { isApproved: false, rejectionReason: reason, pendingRevision: null, version: before.version + 1 },
          )
          .where(eq(properties.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: admin.id,
          action: revisionOnly ? 'property.revision.reject' : 'property.reject',
          entityType: 'property',
          entityId: id,
          before: { ...reviewFields(before), version: before.version },
          after: { ...reviewFields(row), version: row.version, ...(revisionOnly ? { reason } : {}) },
        });
        await tellOwner(tx, row, false, revisionOnly);
      });
      return toProperty(await rowOrNotFound(id), { private: true, today: listingDay(ctx) });
    },
  };

  /** Locks the listing and checks it is the version the admin reviewed (409 with the current content). */
  async function lockForReview(tx: DbOrTx, id: string, reviewed: Reviewed) {
    const [before] = await tx.select().from(properties).where(eq(properties.id, id)).for('update').limit(1);
    if (!before) throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
    const stale =
      (reviewed.version !== undefined && reviewed.version !== before.version) ||
      (reviewed.updatedAt !== undefined && Date.parse(reviewed.updatedAt) !== before.updatedAt.getTime());
    if (stale) {
      const row = await findPropertyRow(tx, id);
      throw new AppError(409, 'PROPERTY_CHANGED', 'The listing changed while you were reviewing it. Review it again.', {
        current: row ? toProperty(row, { private: true }) : null,
      });
    }
    return before;
  }
}

type Reviewed = { version?: number; updatedAt?: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export { countListedProperties } from './repository';
