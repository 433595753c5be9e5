/**
 * Factories for the discovery tests: owners, cards and listings inserted directly,
 * each with what it needs, so a test states only the fields it is about.
 */
import crypto from 'node:crypto';
import type { DbOrTx } from '../../src/server/db/client';
import { businessCards, properties, users, type User } from '../../src/server/db/schema';

let n = 0;

export type OwnerOptions = Partial<typeof users.$inferInsert>;

export async function createOwner(db: DbOrTx, o: OwnerOptions = {}): Promise<User> {
  n += 1;
  const paid = o.role === 'real_estate_broker' || o.role === 'banking_broker';
  const [user] = await db
    .insert(users)
    .values({
      email: `owner${n}-${crypto.randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Owner',
      lastName: `Number${n}`,
      phoneNumber: '501234567',
      countryCode: '+971',
      role: 'real_estate_broker',
      roleChosen: true,
      isEmailVerified: true,
      subscriptionStatus: paid || o.role === undefined ? 'active' : 'inactive',
      ...o,
    })
    .returning();
  return user;
}

export type CardOptions = Partial<typeof businessCards.$inferInsert>;

/** An approved, public card (override status/isPublic to make one that is not listed). */
export async function createCard(db: DbOrTx, userId: string, o: CardOptions = {}) {
  const [card] = await db
    .insert(businessCards)
    .values({
      userId,
      name: 'Card Person',
      profession: 'Real Estate Broker',
      status: 'approved',
      isPublic: true,
      languages: ['english'],
      emirate: 'dubai',
      ...o,
    })
    .returning();
  return card;
}

export type PropertyOptions = Partial<typeof properties.$inferInsert>;

/** An approved listing for sale in Dubai (override to make others). */
export async function createProperty(db: DbOrTx, userId: string, o: PropertyOptions = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      userId,
      title: 'A listing',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_000_000,
      city: 'Dubai',
      isApproved: true,
      ...o,
    })
    .returning();
  return row;
}

/** Distinct, increasing creation times so "newest" has one right answer. */
export function minutesAgo(minutes: number): Date {
  return new Date(Date.UTC(2026, 0, 1) - minutes * 60_000);
}

/** A multipart/form-data body with one file, for app.inject(). */
export function multipartFile(
  file: Buffer,
  opts: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bitaqa${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'photo.jpg'}"\r\nContent-Type: ${opts.contentType ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
