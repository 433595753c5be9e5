/**
 * Demo listings stored before listings carried Arabic get it at start-up, written from
 * their own English pieces (seed/listings-ar.ts). Only listings of the demo accounts without
 * Arabic are read, and only those whose text is still the demo's own are given it, so a person's
 * listing is never touched; done once, the pass finds nothing to do.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { properties, users } from './schema';
import { arabicDemoListing } from './seed/listings-ar';

export const DEMO_EMAIL_DOMAIN = '@demo.bitaqa.ae';

export async function localizeDemoListings(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({
      id: properties.id,
      title: properties.title,
      propertyType: properties.propertyType,
      status: properties.status,
      bedrooms: properties.bedrooms,
      location: properties.location,
      features: properties.features,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(and(like(users.email, `%${DEMO_EMAIL_DOMAIN}`), sql`${properties.translations} = '{}'::jsonb`));
  let done = 0;
  for (const row of rows) {
    const ar = arabicDemoListing(row);
    if (!ar) continue;
    await db.update(properties).set({ translations: { ar } }).where(eq(properties.id, row.id));
    done++;
  }
  return done;
}
