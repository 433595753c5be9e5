/**
 * The regulator's registers: an admin imports the broker or office register (CSV, either of the
 * shapes the DLD publishes), every card with a BRN is checked against it straight after, and each
 * card's last verdict is readable for its badge. Once a day the registers are fetched (when their
 * URLs are set), every card re-checked and owners told before their licence ends (daily.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../core/schemas/common';
import { AppError, badRequest, notFound } from '../../errors';
import { writeAudit } from '../audit';
import { loadUser, requireAdmin, userOf } from '../auth/guards';
import { createCardService } from '../cards/service';
import { malformedMultipart } from '../uploads/routes';
import { importRegister, REGISTER_KINDS, type RegisterKind, RegisterFileError } from './importer';
import { businessCards } from '../../db/schema';
import { scheduleRegisterDay } from './daily';
import { cardLicenceChecks, registerBrokers, registerImports } from './schema';
import { licenceCheckOf, verifyAllCards } from './verify';

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
      const verification = kind === 'dld_brokers' ? await verifyAllCards(app.ctx.db, app.ctx.now()) : null;
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
   * The admin's review queue: cards whose BRN the register does not confirm (unknown number,
   * another name, expired), each beside the register's record, newest check first. The admin
   * decides with the card's licence switch; a manual verification stays manual.
   */
  app.get(
    '/admin/registers/review',
    {
      preHandler: requireAdmin,
      schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
    },
    async (request) => {
      const rows = await app.ctx.db
        .select({
          cardId: cardLicenceChecks.cardId,
          status: cardLicenceChecks.status,
          checkedAt: cardLicenceChecks.checkedAt,
          cardName: businessCards.name,
          brn: businessCards.brnNumber,
          registerNameEn: registerBrokers.nameEn,
          registerNameAr: registerBrokers.nameAr,
          licenseEnd: registerBrokers.licenseEnd,
          officeNumber: registerBrokers.officeNumber,
        })
        .from(cardLicenceChecks)
        .innerJoin(businessCards, eq(businessCards.id, cardLicenceChecks.cardId))
        .leftJoin(registerBrokers, eq(registerBrokers.brn, businessCards.brnNumber))
        .where(inArray(cardLicenceChecks.status, ['expired', 'name_mismatch', 'unknown_number']))
        .orderBy(desc(cardLicenceChecks.checkedAt), asc(cardLicenceChecks.cardId))
        .limit(request.query.limit);
      return rows.map((r) => ({
        ...r,
        register:
          r.licenseEnd !== null || r.registerNameEn !== null || r.registerNameAr !== null
            ? {
                nameEn: r.registerNameEn,
                nameAr: r.registerNameAr,
                licenseEnd: r.licenseEnd,
                officeNumber: r.officeNumber,
              }
            : null,
      }));
    },
  );

  app.get('/admin/registers/imports', { preHandler: requireAdmin }, async () =>
    app.ctx.db.select().from(registerImports).orderBy(desc(registerImports.createdAt)).limit(20),
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
