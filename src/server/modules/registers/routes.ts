/**
 * The regulator's registers: an admin imports the broker or office register (CSV, either of the
 * shapes the DLD publishes), every card with a BRN is checked against it straight after, and each
 * card's last verdict is readable for its badge. Once a day the registers are fetched (when their
 * URLs are set), every card re-checked and owners told before their licence ends (daily.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../core/schemas/common';
import { AppError, badRequest, notFound } from '../../errors';
import { writeAudit } from '../audit';
import { loadUser, requireAdmin, userOf } from '../auth/guards';
import { createCardService } from '../cards/service';
import { malformedMultipart } from '../../platform/storage/images';
import { importRegister, REGISTER_KINDS, type RegisterKind, RegisterFileError } from './importer';
import { brokerages, businessCards } from '../../db/schema';
import {
  REVIEW_REASONS,
  type RegisterImport,
  type RegisterReviewItem,
  registerImportSchema,
  registerReviewSchema,
} from '../../../core/schemas/registers';
import { scheduleRegisterDay } from './daily';
import { brokerageOrnChecks, cardLicenceChecks, registerBrokers, registerImports, registerOffices } from './schema';
import { licenceCheckOf, verifyAllCards, verifyBrokerages } from './verify';

/** A register file is a few megabytes per 10,000 rows; 100,000 rows stay well below this. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
  const cards = createCardService(app.ctx);
  scheduleRegisterDay(app.ctx, app.log, {
    onReady: (fn) => app.addHook('onReady', fn),
    onClose: (fn) => app.addHook('onClose', fn),
  });

  app.post(
    '/admin/registers/import',
    { preHandler: requireAdmin, schema: { querystring: z.object({ kind: z.enum(REGISTER_KINDS).optional() }) } },
    async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest('Send the register as a multipart/form-data file.', 'REGISTER_FILE_MISSING');
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch (err) {
        throw malformedMultipart(err);
      }
      if (!part) throw badRequest('Send the register as a multipart/form-data file.', 'REGISTER_FILE_MISSING');
      const field = part.fields.kind;
      const named = field && 'value' in field ? String(field.value) : request.query.kind;
      if (!named || !(REGISTER_KINDS as readonly string[]).includes(named)) {
        part.file.resume();
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Choose the register: dld_brokers or dld_offices (before the file).',
          {
            errors: { kind: 'Choose the register: dld_brokers or dld_offices' },
          },
        );
      }
      const kind = named as RegisterKind;
      const admin = userOf(request);
      let report: Awaited<ReturnType<typeof importRegister>>;
      try {
        report = await importRegister(app.ctx.db, kind, part.file, {
          actorId: admin.id,
          source: part.filename || 'upload',
        });
      } catch (err) {
        if (err instanceof RegisterFileError) throw badRequest(err.message, 'REGISTER_FILE_UNREADABLE');
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'REGISTER_FILE_TOO_LARGE', 'The file is too large.');
        if ((err as { code?: string }).code?.startsWith('CSV_'))
          throw badRequest(`The file is not readable CSV: ${(err as Error).message}`, 'REGISTER_FILE_UNREADABLE');
        throw err;
      }
      if (part.file.truncated) throw new AppError(413, 'REGISTER_FILE_TOO_LARGE', 'The file is too large.');
      const verification =
        kind === 'dld_brokers'
          ? await verifyAllCards(app.ctx.db, app.ctx.now())
          : await verifyBrokerages(app.ctx.db, app.ctx.now());
      await writeAudit(app.ctx.db, {
        actorId: admin.id,
        action: 'register.import',
        entityType: 'register_import',
        entityId: report.id,
        after: {
          kind,
          rows: report.rows,
          added: report.added,
          changed: report.changed,
          removed: report.removed,
          unreadable: report.unreadable,
        },
      });
      return reply.status(201).send({ ...report, verification });
    },
  );

  /**
   * The admin's review queue: cards whose BRN and brokerages whose ORN the register does not
   * confirm (unknown number, another name, expired), each beside the register's record, newest
   * check first. The admin decides with the licence switch; what they verify by hand leaves the
   * queue and stays manual.
   */
  app.get(
    '/admin/registers/review',
    {
      preHandler: requireAdmin,
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
        response: { 200: registerReviewSchema },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const reasons = [...REVIEW_REASONS];
      const cardsWaiting = and(inArray(cardLicenceChecks.status, reasons), eq(businessCards.licenseVerified, false));
      const officesWaiting = and(inArray(brokerageOrnChecks.status, reasons), eq(brokerages.ornVerified, false));
      // Both kinds, merged by check time: each side brings at most offset + limit rows.
      const [cardRows, officeRows, [cardCount], [officeCount]] = await Promise.all([
        app.ctx.db
          .select({
            id: cardLicenceChecks.cardId,
            status: cardLicenceChecks.status,
            checkedAt: cardLicenceChecks.checkedAt,
            name: businessCards.name,
            translations: businessCards.translations,
            primaryLanguage: businessCards.primaryLanguage,
            number: businessCards.brnNumber,
            nameEn: registerBrokers.nameEn,
            nameAr: registerBrokers.nameAr,
            licenseEnd: registerBrokers.licenseEnd,
            officeNumber: registerBrokers.officeNumber,
          })
          .from(cardLicenceChecks)
          .innerJoin(businessCards, eq(businessCards.id, cardLicenceChecks.cardId))
          .leftJoin(registerBrokers, eq(registerBrokers.brn, businessCards.brnNumber))
          .where(cardsWaiting)
          .orderBy(desc(cardLicenceChecks.checkedAt), asc(cardLicenceChecks.cardId))
          .limit(offset + limit),
        app.ctx.db
          .select({
            id: brokerageOrnChecks.brokerageId,
            status: brokerageOrnChecks.status,
            checkedAt: brokerageOrnChecks.checkedAt,
            name: brokerages.name,
            otherName: brokerages.nameAr,
            slug: brokerages.slug,
            number: brokerages.ornNumber,
            nameEn: registerOffices.nameEn,
            nameAr: registerOffices.nameAr,
            licenseEnd: registerOffices.licenseEnd,
            registered: registerOffices.orn,
          })
          .from(brokerageOrnChecks)
          .innerJoin(brokerages, eq(brokerages.id, brokerageOrnChecks.brokerageId))
          .leftJoin(registerOffices, eq(registerOffices.orn, brokerages.ornNumber))
          .where(officesWaiting)
          .orderBy(desc(brokerageOrnChecks.checkedAt), asc(brokerageOrnChecks.brokerageId))
          .limit(offset + limit),
        app.ctx.db
          .select({ n: count() })
          .from(cardLicenceChecks)
          .innerJoin(businessCards, eq(businessCards.id, cardLicenceChecks.cardId))
          .where(cardsWaiting),
        app.ctx.db
          .select({ n: count() })
          .from(brokerageOrnChecks)
          .innerJoin(brokerages, eq(brokerages.id, brokerageOrnChecks.brokerageId))
          .where(officesWaiting),
      ]);
      const items: RegisterReviewItem[] = [
        ...cardRows.map((r) => {
          const other = r.translations?.[r.primaryLanguage === 'ar' ? 'en' : 'ar']?.name;
          return {
            kind: 'card' as const,
            id: r.id,
            status: r.status as RegisterReviewItem['status'],
            checkedAt: r.checkedAt.toISOString(),
            name: r.name,
            otherName: other && other !== r.name ? other : null,
            number: r.number ?? '',
            href: `/cards/${r.id}`,
            register:
              r.nameEn !== null || r.nameAr !== null || r.licenseEnd !== null
                ? { nameEn: r.nameEn, nameAr: r.nameAr, licenseEnd: r.licenseEnd, officeNumber: r.officeNumber }
                : null,
          };
        }),
        ...officeRows.map((r) => ({
          kind: 'brokerage' as const,
          id: r.id,
          status: r.status as RegisterReviewItem['status'],
          checkedAt: r.checkedAt.toISOString(),
          name: r.name,
          otherName: r.otherName,
          number: r.number,
          href: `/brokerages/${encodeURIComponent(r.slug)}`,
          register: r.registered
            ? { nameEn: r.nameEn, nameAr: r.nameAr, licenseEnd: r.licenseEnd, officeNumber: null }
            : null,
        })),
      ]
        .sort((a, b) => b.checkedAt.localeCompare(a.checkedAt) || a.id.localeCompare(b.id))
        .slice(offset, offset + limit);
      return { items, total: Number(cardCount?.n ?? 0) + Number(officeCount?.n ?? 0) };
    },
  );

  app.get(
    '/admin/registers/imports',
    { preHandler: requireAdmin, schema: { response: { 200: z.array(registerImportSchema) } } },
    async () => {
      const rows = await app.ctx.db.select().from(registerImports).orderBy(desc(registerImports.createdAt)).limit(20);
      return rows.map((r) => ({
        ...r,
        kind: r.kind as RegisterImport['kind'],
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );

  // The badge's facts: whoever may see the card may read how its licence was checked.
  app.get('/business-cards/:id/licence', { schema: { params: z.object({ id: text().max(100) }) } }, async (request) => {
    const card = await cards.get(await loadUser(request), request.params.id);
    const check = await licenceCheckOf(app.ctx.db, card.id);
    if (!check) throw notFound('This card has not been checked against a register.', 'LICENCE_NOT_CHECKED');
    return {
      status: check.status,
      validUntil: check.validUntil,
      checkedAt: check.checkedAt,
      registerNameEn: check.registerNameEn,
      registerNameAr: check.registerNameAr,
    };
  });
};
