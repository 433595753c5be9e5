/**
 * Listing rules (issue 4): brokers and developers list properties; every new or edited listing
 * waits for an admin; only the owner edits or deletes; the admin's decision is audited in the
 * same transaction and the owner is told by e-mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { UserRole } from '../../../core/enums';
import {
  PERMIT_REQUIRED,
  permitMissing,
  type Property,
  type PropertyDetail,
  type PropertyInputParsed,
  type PropertyPatch,
} from '../../../core/schemas/properties';
import type { AppContext } from '../../context';
import { properties, type User } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { notifyUser } from '../../platform/mail/notify';
import { writeAudit } from '../audit/log';
import { contactCardFor, mayContact } from '../cards/service';
import { findUserById } from '../users/repository';
import { countOwnerProperties, findPropertyRow, type PropertyRow, toProperty } from './repository';

export const PROPERTY_NOT_FOUND = 'Property not found';
/** Who may list properties (issue 4: brokers and developers). */
export const LISTING_ROLES: readonly UserRole[] = ['real_estate_broker', 'real_estate_developer'];
/** Listings one account may hold: plenty for a developer, a wall for a script. */
export const LISTINGS_PER_USER = 500;

const reviewFields = (p: PropertyRow['p']) => ({ isApproved: p.isApproved, rejectionReason: p.rejectionReason });

function clean(input: Partial<PropertyInputParsed>) {
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
  if (input.location !== undefined) out.location = input.location || null;
  if (input.features !== undefined) out.features = [...new Set(input.features)];
  if (input.imageUrls !== undefined) out.imageUrls = [...new Set(input.imageUrls)];
  if (input.permitNumber !== undefined) out.permitNumber = input.permitNumber?.trim() || null;
  return out;
}

export function createPropertyService(ctx: AppContext, log: FastifyBaseLogger) {
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

  async function tellOwner(row: PropertyRow['p'], approved: boolean) {
    const owner = await findUserById(db, row.userId);
    if (!owner) return;
    const link = `${ctx.config.publicUrl}/properties/${row.id}`;
    const arabic = owner.preferredLanguage === 'ar';
    const message = approved
      ? arabic
        ? {
            subject: 'تمت الموافقة على إعلانك في Bitaqa',
            text: `مرحبًا ${owner.firstName}،\n\nتمت الموافقة على إعلان "${row.title}" وأصبح ظاهرًا للجميع:\n\n${link}\n\nفريق Bitaqa`,
          }
        : {
            subject: 'Your Bitaqa listing is approved',
            text: `Hello ${owner.firstName},\n\nYour listing "${row.title}" has been approved and is now public:\n\n${link}\n\nThe Bitaqa team`,
          }
      : arabic
        ? {
            subject: 'إعلانك في Bitaqa يحتاج إلى تعديل',
            text: `مرحبًا ${owner.firstName}،\n\nلم تتم الموافقة على إعلان "${row.title}".\n\nالسبب: ${row.rejectionReason ?? ''}\n\nعدّله وأعد إرساله:\n\n${link}/edit\n\nفريق Bitaqa`,
          }
        : {
            subject: 'Your Bitaqa listing needs changes',
            text: `Hello ${owner.firstName},\n\nYour listing "${row.title}" was not approved.\n\nReason: ${row.rejectionReason ?? ''}\n\nEdit it and submit it again:\n\n${link}/edit\n\nThe Bitaqa team`,
          };
    await notifyUser(ctx, log, owner, 'cardStatus', message);
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
      // both only as far as the owner's card visibility allows (issue 11 finding 5).
      const reachable = !!owner && (await mayContact(db, viewer, owner));
      const card = reachable ? (await contactCardFor(db, row.p.userId, viewer))?.card : undefined;
      const cardPhone = card?.phone
        ? `${card.phone.startsWith('+') ? '' : `${card.countryCode ?? ''} `}${card.phone}`.trim()
        : null;
      const userPhone = owner && reachable ? owner.phone || `${owner.countryCode} ${owner.phoneNumber}` : null;
      return {
        ...toProperty(row, { private: isOwner || isAdmin }),
        contact: { phone: cardPhone ?? userPhone, email: card?.email ?? null, cardId: card?.id ?? null },
      };
    },

    async create(user: User, input: PropertyInputParsed): Promise<Property> {
      if (!LISTING_ROLES.includes(user.role)) {
        throw forbidden('Only real estate brokers and developers can list properties.', 'LISTING_ROLE_REQUIRED');
      }
      if ((await countOwnerProperties(db, user.id)) >= LISTINGS_PER_USER) {
        throw new AppError(409, 'TOO_MANY_LISTINGS', `An account can hold at most ${LISTINGS_PER_USER} listings.`);
      }
      const values = clean(input);
      const [created] = await db
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
      return toProperty(await rowOrNotFound(created.id), { private: true });
    },

    /** An edit sends the listing back to review. */
    async update(user: User, id: string, patch: PropertyPatch): Promise<Property> {
      const row = await ownedRow(user, id);
      const merged = {
        city: patch.city ?? row.p.city,
        permitNumber: patch.permitNumber !== undefined ? patch.permitNumber : row.p.permitNumber,
      };
      if (permitMissing(merged)) {
        throw badRequest(PERMIT_REQUIRED, 'VALIDATION_FAILED', { errors: { permitNumber: PERMIT_REQUIRED } });
      }
      await db
        .update(properties)
        .set({ ...clean(patch), isApproved: false, rejectionReason: null })
        .where(and(eq(properties.id, id), eq(properties.userId, user.id)));
      return toProperty(await rowOrNotFound(id), { private: true });
    },

    async remove(user: User, id: string): Promise<void> {
      await ownedRow(user, id);
      await db.delete(properties).where(and(eq(properties.id, id), eq(properties.userId, user.id)));
    },

    async approve(admin: User, id: string): Promise<Property> {
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(properties).where(eq(properties.id, id)).for('update').limit(1);
        if (!before) throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
        const [after] = await tx
          .update(properties)
          .set({ isApproved: true, rejectionReason: null })
          .where(eq(properties.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: admin.id,
          action: 'property.approve',
          entityType: 'property',
          entityId: id,
          before: reviewFields(before),
          after: reviewFields(after),
        });
        return { before, after };
      });
      if (!updated.before.isApproved) await tellOwner(updated.after, true);
      return toProperty(await rowOrNotFound(id), { private: true });
    },

    async reject(admin: User, id: string, reason: string): Promise<Property> {
      const after = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(properties).where(eq(properties.id, id)).for('update').limit(1);
        if (!before) throw notFound(PROPERTY_NOT_FOUND, 'PROPERTY_NOT_FOUND');
        const [row] = await tx
          .update(properties)
          .set({ isApproved: false, rejectionReason: reason })
          .where(eq(properties.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: admin.id,
          action: 'property.reject',
          entityType: 'property',
          entityId: id,
          before: reviewFields(before),
          after: reviewFields(row),
        });
        return row;
      });
      await tellOwner(after, false);
      return toProperty(await rowOrNotFound(id), { private: true });
    },
  };
}
