/**
 * The contact book API. Every route needs a signed-in user and touches only that user's contacts;
 * another user's contact id answers 404, like one that does not exist.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ContactCreate,
  type ContactCreated,
  contactCreatedSchema,
  contactCreateSchema,
  contactFacetsSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
  contactUpdateSchema,
  mergeSchema,
  templateCreateSchema,
  templateSchema,
} from '../../../core/schemas/contacts';
import { text } from '../../../core/schemas/common';
import { AppError, badRequest, notFound } from '../../errors';
import { idempotencyKeyOf, idempotent } from '../../platform/idempotency';
import { requireUser, userOf } from '../auth/guards';
import { createCardService } from '../cards/service';
import { malformedMultipart } from '../../platform/storage/images';
import { contactsCsv, contactsVcf, type ImportedContact, readCsv, readVcf } from './exchange-files';
import {
  allContacts,
  contactFacets,
  createContact,
  deleteContact,
  dubaiDay,
  dueCount,
  findDuplicates,
  getContact,
  listContacts,
  mergeContacts,
  toContact,
  updateContact,
  upsertMetPerson,
} from './service';
import { scheduleFollowUpReminders } from './reminders';
import { createTemplate, deleteTemplate, fillTemplate, findTemplate, listTemplates, whatsappUrl } from './templates';

const idParams = z.object({ id: text().max(100) });
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const IMPORT_MAX_CONTACTS = 5000;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const { db } = app.ctx;
  const cards = createCardService(app.ctx);
  const today = () => dubaiDay(app.ctx.now());
  app.addHook('preHandler', requireUser);
  scheduleFollowUpReminders(app.ctx, app.log, {
    onReady: (fn) => app.addHook('onReady', fn),
    onClose: (fn) => app.addHook('onClose', fn),
  });

  app.get(
    '/contacts',
    { schema: { querystring: contactListQuerySchema, response: { 200: contactPageSchema } } },
    async (request) => listContacts(db, userOf(request).id, request.query, today()),
  );

  app.get('/contacts/facets', { schema: { response: { 200: contactFacetsSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return contactFacets(db, userOf(request).id);
  });

  app.get('/contacts/due-count', async (request) => ({ count: await dueCount(db, userOf(request).id, today()) }));

  app.post(
    '/contacts',
    { schema: { body: contactCreateSchema, response: { 201: contactCreatedSchema } } },
    async (request, reply) => {
      const ownerId = userOf(request).id;
      const key = idempotencyKeyOf(request);
      if (!key) return reply.status(201).send(await createContact(db, ownerId, request.body));
      // A capture made offline is sent again until an answer arrives: the same key adds it once.
      const answer = await idempotent(
        db,
        { userId: ownerId, key, fingerprint: ['POST /api/contacts', request.body], now: app.ctx.now() },
        async (tx) => ({ status: 201, body: await createContact(tx, ownerId, request.body) }),
      );
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(answer.status as 201).send(answer.body as ContactCreated);
    },
  );

  const exportQuery = contactListQuerySchema.pick({ q: true, tag: true, event: true, source: true });
  app.get('/contacts/export.vcf', { schema: { querystring: exportQuery } }, async (request, reply) => {
    const rows = await allContacts(db, userOf(request).id, request.query);
    return reply
      .type('text/vcard; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="bitaqa-contacts.vcf"')
      .header('Cache-Control', 'private, no-store')
      .send(contactsVcf(rows));
  });

  app.get('/contacts/export.csv', { schema: { querystring: exportQuery } }, async (request, reply) => {
    const rows = await allContacts(db, userOf(request).id, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="bitaqa-contacts.csv"')
      .header('Cache-Control', 'private, no-store')
      .send(contactsCsv(rows));
  });

  /**
   * vCard or CSV in; `?preview=true` answers what was read with the duplicates marked and saves
   * nothing; without it every contact that is not a duplicate is saved (source import).
   */
  app.post(
    '/contacts/import',
    { schema: { querystring: z.object({ preview: z.enum(['true', 'false']).default('false') }) } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send a .vcf or .csv file.', 'IMPORT_FILE_MISSING');
      let content: string;
      let filename = '';
      try {
        const part = await request.file();
        if (!part) throw badRequest('Send a .vcf or .csv file.', 'IMPORT_FILE_MISSING');
        filename = part.filename ?? '';
        content = (await part.toBuffer()).toString('utf8');
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'IMPORT_FILE_TOO_LARGE', 'The file is larger than 5 MB.');
        throw malformedMultipart(err);
      }
      const isVcf = /BEGIN:VCARD/i.test(content) || /\.vcf$/i.test(filename);
      let read: ImportedContact[];
      try {
        read = isVcf ? readVcf(content) : readCsv(content);
      } catch {
        throw badRequest('The file could not be read as vCard or CSV.', 'IMPORT_FILE_UNREADABLE');
      }
      if (read.length === 0) throw badRequest('No contacts were found in the file.', 'IMPORT_EMPTY');
      if (read.length > IMPORT_MAX_CONTACTS)
        throw badRequest(`A file may hold at most ${IMPORT_MAX_CONTACTS} contacts.`, 'IMPORT_TOO_MANY', {
          max: IMPORT_MAX_CONTACTS,
        });
      const ownerId = userOf(request).id;
      const rows: {
        contact: ImportedContact;
        valid: boolean;
        problem: string | null;
        duplicateOf: ReturnType<typeof toContact> | null;
        parsed: ContactCreate | null;
      }[] = [];
      for (const c of read) {
        const parsed = contactCreateSchema.safeParse({
          ...c,
          name: c.name || c.emails[0] || c.phones[0],
          source: 'import',
        });
        const duplicate = parsed.success
          ? (await findDuplicates(db, ownerId, parsed.data.emails, parsed.data.phones))[0]
          : undefined;
        rows.push({
          contact: c,
          valid: parsed.success,
          problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not readable'),
          duplicateOf: duplicate ? toContact(duplicate) : null,
          parsed: parsed.success ? parsed.data : null,
        });
      }
      if (request.query.preview === 'true') {
        return rows.map(({ parsed: _, ...r }) => r);
      }
      let imported = 0;
      await db.transaction(async (tx) => {
        for (const r of rows) {
          if (!r.parsed || r.duplicateOf) continue;
          await createContact(tx, ownerId, r.parsed);
          imported++;
        }
      });
      return reply.status(201).send({ imported, skipped: rows.length - imported });
    },
  );

  app.get('/contacts/:id', { schema: { params: idParams, response: { 200: contactSchema } } }, async (request) =>
    getContact(db, userOf(request).id, request.params.id),
  );

  app.patch(
    '/contacts/:id',
    { schema: { params: idParams, body: contactUpdateSchema, response: { 200: contactSchema } } },
    async (request) => updateContact(db, userOf(request).id, request.params.id, request.body),
  );

  app.delete('/contacts/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteContact(db, userOf(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/contacts/:id/merge',
    { schema: { params: idParams, body: mergeSchema, response: { 200: contactSchema } } },
    async (request) =>
      db.transaction((tx) => mergeContacts(tx, userOf(request).id, request.params.id, request.body.otherId)),
  );

  app.get(
    '/contacts/:id/whatsapp',
    { schema: { params: idParams, querystring: z.object({ template: text().max(100) }) } },
    async (request) => {
      const user = userOf(request);
      const contact = await getContact(db, user.id, request.params.id);
      const phone = contact.phones[0];
      if (!phone) throw badRequest('This contact has no phone number for WhatsApp.', 'CONTACT_NO_PHONE');
      const template = await findTemplate(db, user.id, request.query.template);
      const mine = (await cards.listForUser(user, user.id, { limit: 20, offset: 0 })).find(
        (c) => c.status === 'approved',
      );
      const message = fillTemplate(template.body, {
        firstName: (template.lang === 'ar' && contact.nameAr ? contact.nameAr : contact.name).split(/\s+/)[0] ?? '',
        myName: [user.firstName, user.lastName].filter(Boolean).join(' '),
        myCardLink: mine ? cards.cardUrl(mine.id) : '',
        event: contact.event ?? '',
      });
      return { url: whatsappUrl(phone, message), text: message };
    },
  );

  app.get('/message-templates', { schema: { response: { 200: z.array(templateSchema) } } }, async (request) =>
    listTemplates(db, userOf(request).id),
  );
  app.post(
    '/message-templates',
    { schema: { body: templateCreateSchema, response: { 201: templateSchema } } },
    async (request, reply) => reply.status(201).send(await createTemplate(db, userOf(request).id, request.body)),
  );
  app.delete('/message-templates/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteTemplate(db, userOf(request).id, request.params.id);
    return reply.status(204).send();
  });

  // One tap on someone's public card: their owner joins my book (again: brought up to date).
  app.post(
    '/business-cards/:id/save-contact',
    { schema: { params: idParams, response: { 200: contactSchema, 201: contactSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const card = await cards.get(user, request.params.id).catch(() => null);
      if (!card || (card.userId !== user.id && card.status !== 'approved'))
        throw notFound(
          "The business card you're looking for doesn't exist or is not publicly available.",
          'CARD_NOT_FOUND',
        );
      if (card.userId === user.id) throw badRequest('This is your own card.', 'OWN_CARD');
      const { contact, created } = await upsertMetPerson(
        db,
        user.id,
        {
          name: card.name,
          phone: card.phone ?? null,
          email: card.email ?? null,
          company: card.company ?? null,
          title: card.profession,
          cardId: card.id,
          photoUrl: card.profileImageUrl?.startsWith('/api/uploads/') ? card.profileImageUrl : null,
        },
        'saved_card',
      );
      return reply.status(created ? 201 : 200).send(contact);
    },
  );
};
