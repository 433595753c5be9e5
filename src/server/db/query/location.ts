/**
 * The location filter of cards and listings, one rule for both: the place text
 * (area, office or listing address, emirate; folded) contains the place. "marina", "مرسى دبي" and
 * "Dubai Marina" are one place: a known alias or Arabic name is matched by its canonical name.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { resolveArea } from '../../../core/places';
import { escapeLike } from './text';

export function placeCondition(placeDoc: SQLWrapper, location: string): SQL {
  const place = resolveArea(location)?.name ?? location.trim();
  return sql`${placeDoc} like ('%' || bitaqa_fold(${escapeLike(place)}) || '%')`;
}
