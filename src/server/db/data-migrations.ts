/**
 * Data passes that follow the SQL migrations at every start (under the same lock): each brings
 * rows saved under older rules up to the current ones, looks only at rows not yet converted, and
 * so is idempotent and cheap once done.
 */
import type { DbOrTx } from './client';
import { canonicalizeStoredPlaces } from './canonical-places';
import { localizeDemoListings } from './localize-demo-listings';
import { normalizeStoredPhones } from './normalize-phones';

export async function runDataMigrations(db: DbOrTx): Promise<void> {
  await normalizeStoredPhones(db);
  await canonicalizeStoredPlaces(db);
  await localizeDemoListings(db);
}
