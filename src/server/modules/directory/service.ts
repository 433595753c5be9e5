/** The directory as other modules use it: smart search and recommendations list cards through here. */
import type { DbOrTx } from '../../db/client';
import { type DirectoryFilter, listDirectory } from './repository';

/** One page of listed cards and the total (capped). */
export function listDirectoryCards(db: DbOrTx, f: DirectoryFilter) {
  return listDirectory(db, f);
}

export { countListedCards } from './repository';
