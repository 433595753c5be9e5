/**
 * Maps the areas of cards and the locations of listings saved before places
 * were canonical to the list in src/core/places.ts. A text that names a known area (its name,
 * Arabic name or an alias, in any case or spelling of Arabic letters) gets the area's id and
 * canonical name; any other text keeps its words and gets the id "other"; a blank text becomes
 * null. Runs after the SQL migrations at every start, looks only at rows without an id, and
 * updates one distinct text at a time, so it is idempotent and cheap once done.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { canonicalPlace } from '../../core/places';
import type { DbOrTx } from './client';
import { businessCards, properties } from './schema';

export interface PlaceMapping {
  cards: number;
  listings: number;
}

type Place = ReturnType<typeof canonicalPlace>;

/** For each distinct stored text without an id: one update of all its rows. */
async function mapDistinct(
  texts: Promise<{ text: string | null }[]>,
  update: (typed: string, place: Place) => Promise<unknown[]>,
): Promise<number> {
  let updated = 0;
  for (const { text } of await texts) {
    if (text !== null) updated += (await update(text, canonicalPlace(text))).length;
  }
  return updated;
}

export async function canonicalizeStoredPlaces(db: DbOrTx): Promise<PlaceMapping> {
  const c = businessCards;
  const p = properties;
  const cards = await mapDistinct(
    db
      .selectDistinct({ text: c.area })
      .from(c)
      .where(and(isNotNull(c.area), isNull(c.areaId))),
    (typed, place) =>
      db
        .update(c)
        .set({ area: place?.name ?? null, areaId: place?.id ?? null })
        .where(and(eq(c.area, typed), isNull(c.areaId)))
        .returning({ id: c.id }),
  );
  const listings = await mapDistinct(
    db
      .selectDistinct({ text: p.location })
      .from(p)
      .where(and(isNotNull(p.location), isNull(p.locationId))),
    (typed, place) =>
      db
        .update(p)
        .set({ location: place?.name ?? null, locationId: place?.id ?? null })
        .where(and(eq(p.location, typed), isNull(p.locationId)))
        .returning({ id: p.id }),
  );
  return { cards, listings };
}
