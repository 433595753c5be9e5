/**
 * Professional services: listing the catalogue, "become a provider"
 * (approved by default) and the admin's text edit and hide switch, each audited in its transaction.
 */
import type {
  Service,
  ServiceInputParsed,
  ServiceQuery,
  ServiceTranslations,
  ServiceTextParsed,
} from '../../../core/schemas/services';
import { SERVICE_LIMITS } from '../../../core/schemas/services';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { withOwnerCountLock } from '../../db/owner-lock';
import type { User } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../audit';
import { countServicesBy, insertService, listServices, lockService, toService, updateService } from './repository';

/** Keeps only the Arabic fields that were filled in; nothing filled in stores nothing. */
function arabicOf(t: ServiceInputParsed['translations']): ServiceTranslations {
  const ar = Object.fromEntries(
    Object.entries(t?.ar ?? {}).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : Boolean(v))),
  );
  return Object.keys(ar).length ? { ar } : {};
}

const SERVICE_NOT_FOUND = 'Service not found';

/** The public catalogue as other modules read it (smart search lists the services a query names). */
export function listPublicServices(db: DbOrTx, q: ServiceQuery) {
  return listServices(db, q);
}

export function createServicesService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** The catalogue page; hidden entries only for the admin. */
    list(q: ServiceQuery, opts: { includeHidden?: boolean } = {}) {
      return listServices(db, q, opts);
    },

    async create(user: User, b: ServiceInputParsed): Promise<Service> {
      const contact = Object.fromEntries(
        Object.entries(b.contactInfo ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
      );
      // Counted and inserted under the owner's lock, so parallel creates cannot overshoot the limit.
      const row = await withOwnerCountLock(db, 'services', user.id, async (tx) => {
        if ((await countServicesBy(tx, user.id)) >= SERVICE_LIMITS.perUser) {
          throw new AppError(
            409,
            'TOO_MANY_SERVICES',
            `An account can list at most ${SERVICE_LIMITS.perUser} services.`,
            { max: SERVICE_LIMITS.perUser },
          );
        }
        return insertService(tx, {
          name: b.name,
          provider: b.provider,
          serviceType: b.serviceType,
          category: b.category,
          description: b.description,
          features: [...new Set(b.features ?? [])],
          priceLabel: b.priceLabel || null,
          priceTier: b.priceTier ?? null,
          city: b.city || null,
          address: b.address || null,
          imageUrl: b.imageUrl || null,
          contactInfo: contact,
          translations: arabicOf(b.translations),
          // Services are approved by default; an admin can hide one.
          isApproved: true,
          createdBy: user.id,
        });
      });
      return toService(row);
    },

    /** The admin edits an entry's English and Arabic text; audited with both versions. */
    async editText(admin: User, id: string, b: ServiceTextParsed): Promise<Service> {
      const text = {
        name: b.name,
        provider: b.provider,
        description: b.description,
        features: [...new Set(b.features ?? [])],
        priceLabel: b.priceLabel || null,
        translations: arabicOf(b.translations),
      };
      const row = await db.transaction(async (tx) => {
        const before = await lockService(tx, id);
        if (!before) throw notFound(SERVICE_NOT_FOUND, 'SERVICE_NOT_FOUND');
        const after = await updateService(tx, id, text);
        await writeAudit(tx, {
          actorId: admin.id,
          action: 'service.edit',
          entityType: 'service',
          entityId: id,
          before: {
            name: before.name,
            provider: before.provider,
            description: before.description,
            features: before.features,
            priceLabel: before.priceLabel,
            translations: before.translations,
          },
          after: text,
        });
        return after;
      });
      return toService(row);
    },

    async setHidden(admin: User, id: string, hidden: boolean): Promise<Service> {
      const isApproved = !hidden;
      const row = await db.transaction(async (tx) => {
        const before = await lockService(tx, id);
        if (!before) throw notFound(SERVICE_NOT_FOUND, 'SERVICE_NOT_FOUND');
        const after = await updateService(tx, id, { isApproved });
        await writeAudit(tx, {
          actorId: admin.id,
          action: isApproved ? 'service.show' : 'service.hide',
          entityType: 'service',
          entityId: id,
          before: { isApproved: before.isApproved },
          after: { isApproved: after.isApproved },
        });
        return after;
      });
      return toService(row);
    },
  };
}
