/**
 * Canonical places: the Area of a card and the Location of a listing are chosen from
 * the list in src/core/places.ts. Cards and listings store the id beside the canonical name.
 */
import { type Area, choosePlace, EMIRATE_NAMES, searchPlaces } from '../../../core/places';
import type { PlaceView } from '../../../core/schemas/places';
import { fieldError } from '../../errors';

/** The place to store for what the form sent, or a 400 at `field` when the text names no known place. */
export function placeOrThrow(text: string | null | undefined, id: string | null | undefined, field: string) {
  const choice = choosePlace(text, id);
  if (choice.error !== undefined) throw fieldError(field, choice.error);
  return choice.place;
}

export const placeView = (a: Area): PlaceView => ({
  id: a.id,
  name: a.name,
  nameAr: a.ar,
  emirate: a.emirate,
  city: EMIRATE_NAMES[a.emirate],
});

export { searchPlaces };
