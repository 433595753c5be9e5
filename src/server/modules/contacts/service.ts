/**
 * The contact book's rules. Every contact belongs to one user and is only ever read or changed by
 * that user: another user's id answers 404 like a missing one. Lists page by keyset (the newest
 * change, or the folded name, then the id), so a book of thousands stays as fast on page 50 as on
 * page 1; search reads the folded search document through its trigram index.
 */
import { and, arrayOverlaps, asc, desc, eq, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type {
  Contact,
  ContactCreate,
  ContactListQuery,
  ContactSource,
  ContactUpdate,
} from '../../../core/schemas/contacts';
import type { DbOrTx } from '../../db/client';
import { withOwnerCountLock } from '../../db/owner-lock';
import { textConditions } from '../../db/query/text';
import { conflict, notFound } from '../../errors';
import { emitContactEvent } from '../webhooks';
import { type ContactRow, contacts } from './schema';

export const CONTACT_NOT_FOUND = 'Contact not found';

export function toContact(r: ContactRow): Contact {
  return {
    id: r.id,
    name: r.name,
    nameAr: r.nameAr,
    title: r.title,
    company: r.company,
    phones: r.phones,
    emails: r.emails,
    website: r.website,
    address: r.address,
    brn: r.brn,
    orn: r.orn,
    photoUrl: r.photoUrl,
    notes: r.notes,
    tags: r.tags,
    event: r.event,
    source: r.source,
    cardId: r.cardId,
    followUpOn: r.followUpOn,
    followUpNote: r.followUpNote,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Today in Dubai (UTC+4, no daylight saving): the day a follow-up "on" a date is due. */
export const dubaiDay = (now: Date) => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

/** The keyset cursor: the last row's sort key and id, opaque to the client. */
const encodeCursor = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');
function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      if (!/^[0-9a-f-]{36}$/i.test(value[1])) return null;
      return value as [string, string];
    }
  } catch {
    // A cursor we did not write: start from the top rather than fail the page.
  }
  return null;
}

const foldedName = sql<string>`bitaqa_fold((${contacts.name})::text)`;

export async function listContacts(db: DbOrTx, ownerId: string, q: ContactListQuery, today: string) {
  const where: SQL[] = [eq(contacts.ownerId, ownerId)];
  if (q.q) where.push(...textConditions(contacts.searchDoc, q.q));
  if (q.tag) where.push(sql`${q.tag} = any(${contacts.tags})`);
  if (q.event) where.push(sql`bitaqa_fold((${contacts.event})::text) = bitaqa_fold(${q.event})`);
  if (q.source) where.push(eq(contacts.source, q.source));
  const after = decodeCursor(q.cursor);
  const page = [...where];
  if (after && q.sort === 'recent') {
    page.push(sql`(${contacts.updatedAt}, ${contacts.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  } else if (after) {
    page.push(sql`(${foldedName}, ${contacts.id}) > (${after[0]}, ${after[1]}::uuid)`);
  }
  const order =
    q.sort === 'recent'
      ? [sql`${contacts.updatedAt} desc nulls last`, sql`${contacts.id} desc nulls last`]
      : [asc(foldedName), asc(contacts.id)];
  const rows = await db
    .select({ row: contacts, folded: foldedName })
    .from(contacts)
    .where(and(...page))
    .orderBy(...order)
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const items = rows.slice(0, q.limit);
  const last = items.at(-1);
  const nextCursor =
    more && last
      ? encodeCursor(q.sort === 'recent' ? last.row.updatedAt.toISOString() : last.folded, last.row.id)
      : null;
  // Follow-ups due today or before, above the list; only with the first page.
  const due = after
    ? []
    : await db
        .select()
        .from(contacts)
        .where(and(...where, isNotNull(contacts.followUpOn), lte(contacts.followUpOn, today)))
        .orderBy(asc(contacts.followUpOn), asc(contacts.id))
        .limit(20);
  return { items: items.map((r) => toContact(r.row)), nextCursor, due: due.map(toContact) };
}

export async function dueCount(db: DbOrTx, ownerId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), isNotNull(contacts.followUpOn), lte(contacts.followUpOn, today)));
  return row?.n ?? 0;
}

async function ownRow(db: DbOrTx, ownerId: string, id: string, lock = false): Promise<ContactRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(CONTACT_NOT_FOUND, 'CONTACT_NOT_FOUND');
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(CONTACT_NOT_FOUND, 'CONTACT_NOT_FOUND');
  return row;
}

export async function getContact(db: DbOrTx, ownerId: string, id: string): Promise<Contact> {
  return toContact(await ownRow(db, ownerId, id));
}

/** Contacts of this owner sharing an e-mail address or a phone number with the given ones. */
export async function findDuplicates(
  db: DbOrTx,
  ownerId: string,
  emails: string[],
  phones: string[],
  except?: string,
): Promise<ContactRow[]> {
  const overlap: SQL[] = [];
  if (emails.length) overlap.push(arrayOverlaps(contacts.emails, emails));
  if (phones.length) overlap.push(arrayOverlaps(contacts.phones, phones));
  if (!overlap.length) return [];
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), or(...overlap)))
    .orderBy(desc(contacts.updatedAt))
    .limit(10);
  return rows.filter((r) => r.id !== except);
}

export const CONTACTS_PER_USER_MAX = 20_000;

export async function createContact(
  database: DbOrTx,
  ownerId: string,
  input: ContactCreate & { cardId?: string | null },
) {
  // Counted and inserted under the owner's lock, so parallel creates cannot overshoot the limit.
  return withOwnerCountLock(database, 'contacts', ownerId, async (db) => {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.ownerId, ownerId));
    if (n >= CONTACTS_PER_USER_MAX) {
      throw conflict(
        `A contact book holds at most ${CONTACTS_PER_USER_MAX.toLocaleString('en')} contacts.`,
        'CONTACT_LIMIT',
        { max: CONTACTS_PER_USER_MAX },
      );
    }
    const duplicates = await findDuplicates(db, ownerId, input.emails, input.phones);
    const [row] = await db
      .insert(contacts)
      .values({ ...input, ownerId })
      .returning();
    await emitContactEvent(db, 'created', ownerId, toContact(row));
    return { ...toContact(row), duplicates: duplicates.map(toContact) };
  });
}

export async function updateContact(db: DbOrTx, ownerId: string, id: string, input: ContactUpdate): Promise<Contact> {
  await ownRow(db, ownerId, id);
  const [row] = await db
    .update(contacts)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)))
    .returning();
  await emitContactEvent(db, 'updated', ownerId, toContact(row));
  return toContact(row);
}

export async function deleteContact(db: DbOrTx, ownerId: string, id: string): Promise<void> {
  await ownRow(db, ownerId, id);
  await db.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)));
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * Folds `otherId` into `id`: every field `id` lacks comes from the other, lists are united, both
 * notes kept; the other contact is then deleted. Nothing either of them said is lost.
 */
export async function mergeContacts(db: DbOrTx, ownerId: string, id: string, otherId: string): Promise<Contact> {
  const keep = await ownRow(db, ownerId, id, true);
  if (id === otherId) throw conflict('A contact cannot be merged with itself.', 'CONTACT_MERGE_SELF');
  const other = await ownRow(db, ownerId, otherId, true);
  const pick = <K extends keyof ContactRow>(k: K) => keep[k] ?? other[k];
  const notes = [keep.notes, other.notes].filter(Boolean).join('\n\n') || null;
  const earlierFollowUp =
    keep.followUpOn && other.followUpOn
      ? keep.followUpOn <= other.followUpOn
        ? keep
        : other
      : keep.followUpOn
        ? keep
        : other;
  const [row] = await db
    .update(contacts)
    .set({
      nameAr: pick('nameAr'),
      title: pick('title'),
      company: pick('company'),
      phones: union(keep.phones, other.phones),
      emails: union(keep.emails, other.emails),
      website: pick('website'),
      address: pick('address'),
      brn: pick('brn'),
      orn: pick('orn'),
      photoUrl: pick('photoUrl'),
      notes,
      tags: union(keep.tags, other.tags),
      event: pick('event'),
      cardId: pick('cardId'),
      followUpOn: earlierFollowUp.followUpOn,
      followUpNote: earlierFollowUp.followUpNote,
      updatedAt: sql`now()`,
    })
    .where(eq(contacts.id, keep.id))
    .returning();
  await db.delete(contacts).where(eq(contacts.id, other.id));
  return toContact(row);
}

export interface MetPerson {
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  title?: string | null;
  note?: string | null;
  cardId?: string | null;
  photoUrl?: string | null;
}

/**
 * Adds a person to the owner's book, or brings their existing contact up to date when the e-mail,
 * phone or card matches one: an exchange or a saved card never makes a second copy of someone.
 */
export async function upsertMetPerson(db: DbOrTx, ownerId: string, person: MetPerson, source: ContactSource) {
  const emails = person.email ? [person.email.toLowerCase()] : [];
  const phones = person.phone ? [person.phone] : [];
  let existing: ContactRow | undefined;
  if (person.cardId) {
    [existing] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), eq(contacts.cardId, person.cardId)))
      .limit(1);
  }
  existing ??= (await findDuplicates(db, ownerId, emails, phones))[0];
  if (!existing) {
    const [row] = await db
      .insert(contacts)
      .values({
        ownerId,
        name: person.name.slice(0, 120) || person.email || person.phone || '—',
        company: person.company,
        title: person.title ?? null,
        phones,
        emails,
        notes: person.note ?? null,
        cardId: person.cardId ?? null,
        photoUrl: person.photoUrl ?? null,
        source,
      })
      .returning();
    await emitContactEvent(db, 'created', ownerId, toContact(row));
    return { contact: toContact(row), created: true };
  }
  const notes = person.note
    ? [existing.notes, person.note].filter(Boolean).join('\n\n').slice(0, 5000)
    : existing.notes;
  const [row] = await db
    .update(contacts)
    .set({
      phones: union(existing.phones, phones),
      emails: union(existing.emails, emails),
      company: existing.company ?? person.company,
      title: existing.title ?? person.title ?? null,
      cardId: existing.cardId ?? person.cardId ?? null,
      photoUrl: existing.photoUrl ?? person.photoUrl ?? null,
      notes,
      updatedAt: sql`now()`,
    })
    .where(eq(contacts.id, existing.id))
    .returning();
  await emitContactEvent(db, 'updated', ownerId, toContact(row));
  return { contact: toContact(row), created: false };
}

/** Every contact of a book (or of a filter), oldest first, for the exports. */
export async function allContacts(db: DbOrTx, ownerId: string, q: Partial<ContactListQuery>): Promise<ContactRow[]> {
  const where: SQL[] = [eq(contacts.ownerId, ownerId)];
  if (q.q) where.push(...textConditions(contacts.searchDoc, q.q));
  if (q.tag) where.push(sql`${q.tag} = any(${contacts.tags})`);
  if (q.event) where.push(sql`bitaqa_fold((${contacts.event})::text) = bitaqa_fold(${q.event})`);
  if (q.source) where.push(eq(contacts.source, q.source));
  return db
    .select()
    .from(contacts)
    .where(and(...where))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(CONTACTS_PER_USER_MAX);
}

/** How many tags and events the filters offer: a book's own, most used first. */
export const FACETS_MAX = 50;

/**
 * The filter choices of one book: every tag with how many contacts carry it (most used first), and
 * the events met at, most recent first (the latest contact added from each), with their counts.
 * Events are grouped by their folded spelling, the way the list filter compares them.
 */
export async function contactFacets(db: DbOrTx, ownerId: string) {
  const own = eq(contacts.ownerId, ownerId);
  const tagged = db
    .select({ tag: sql<string>`unnest(${contacts.tags})`.as('tag') })
    .from(contacts)
    .where(own)
    .as('tagged');
  const count = sql<number>`count(*)::int`;
  const tags = await db
    .select({ value: tagged.tag, count })
    .from(tagged)
    .groupBy(tagged.tag)
    .orderBy(desc(count), asc(tagged.tag))
    .limit(FACETS_MAX);
  const foldedEvent = sql`bitaqa_fold((${contacts.event})::text)`;
  const latest = sql`max(${contacts.createdAt})`;
  const events = await db
    .select({
      // The spelling of the latest contact from the event stands for the group.
      value: sql<string>`(array_agg(${contacts.event} order by ${contacts.createdAt} desc))[1]`,
      count,
    })
    .from(contacts)
    .where(and(own, isNotNull(contacts.event), sql`btrim(${contacts.event}) <> ''`))
    .groupBy(foldedEvent)
    .orderBy(desc(latest), asc(foldedEvent))
    .limit(FACETS_MAX);
  const sources = await db
    .select({ value: contacts.source, count })
    .from(contacts)
    .where(own)
    .groupBy(contacts.source)
    .orderBy(desc(count), asc(contacts.source));
  return { tags, events, sources };
}
