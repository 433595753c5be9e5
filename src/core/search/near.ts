/**
 * What counts as "near" when a listing search is widened: the areas next to an area, and the
 * property types of the same family. Shared by the server (smart search) and the web (the notice
 * that says what was widened).
 */
import type { PropertyType } from '../enums';
import { AREAS } from '../places';

/** Neighbouring areas (by canonical name); the relation is made symmetric below. */
const NEIGHBOURS: readonly (readonly [string, readonly string[]])[] = [
  ['Dubai Marina', ['JBR', 'JLT', 'Bluewaters Island', 'Dubai Harbour', 'Emirates Hills']],
  ['Downtown Dubai', ['Business Bay', 'DIFC', 'Dubai Creek Harbour']],
  ['Business Bay', ['DIFC', 'Meydan', 'Dubai Creek Harbour']],
  ['JBR', ['Bluewaters Island', 'Dubai Harbour']],
  ['Jumeirah', ['DIFC', 'Palm Jumeirah', 'Al Barsha']],
  ['Palm Jumeirah', ['Dubai Harbour', 'Dubai Marina']],
  ['Emirates Hills', ['JLT', 'Jumeirah Golf Estates']],
  ['Dubai Hills', ['Al Barsha', 'MBR City', 'Arabian Ranches']],
  ['Arabian Ranches', ['Damac Hills', 'Dubai Sports City']],
  ['JVC', ['Dubai Sports City', 'Al Barsha', 'Discovery Gardens', 'Jumeirah Golf Estates']],
  ['JLT', ['Discovery Gardens']],
  ['Dubai Silicon Oasis', ['Mirdif']],
  ['Damac Hills', ['Dubai Sports City', 'Dubai South']],
  ['Meydan', ['MBR City']],
  ['Dubai Investments Park', ['Dubai South', 'Discovery Gardens']],
  ['Saadiyat Island', ['Yas Island', 'Al Reem Island']],
  ['Yas Island', ['Al Raha Beach']],
  ['Al Reem Island', ['Al Maryah Island', 'Corniche Abu Dhabi']],
  ['Corniche Abu Dhabi', ['Al Khalidiyah', 'Al Maryah Island']],
  ['Al Raha Beach', ['Khalifa City']],
  ['Khalifa City', ['Mohammed Bin Zayed City']],
  ['Al Majaz', ['Al Khan', 'Al Nahda, Sharjah', 'Sharjah Waterfront City']],
  ['Al Khan', ['Sharjah Waterfront City']],
  ['Aljada', ['Al Nahda, Sharjah']],
  ['Al Nuaimiya', ['Al Rashidiya', 'Ajman Downtown']],
  ['Al Rashidiya', ['Ajman Downtown']],
  ['Al Marjan Island', ['Al Hamra Village']],
  ['Al Hamra Village', ['Al Nakheel, Ras Al Khaimah']],
];

const KNOWN = new Set(AREAS.map((a) => a.name));
const NEAR = new Map<string, Set<string>>();
for (const [area, others] of NEIGHBOURS) {
  for (const other of others) {
    if (!KNOWN.has(area) || !KNOWN.has(other)) continue;
    if (!NEAR.has(area)) NEAR.set(area, new Set());
    if (!NEAR.has(other)) NEAR.set(other, new Set());
    NEAR.get(area)?.add(other);
    NEAR.get(other)?.add(area);
  }
}

/** The areas next to `area` (canonical names), in a stable order; [] for an area without neighbours. */
export function nearbyAreas(area: string): string[] {
  return [...(NEAR.get(area) ?? [])].sort();
}

/** The types a buyer of one type would also look at: flats, houses, commercial space. */
const FAMILIES: readonly (readonly PropertyType[])[] = [
  ['apartment', 'studio', 'penthouse'],
  ['villa', 'townhouse'],
  ['office', 'retail'],
];

/** The family of `type`, itself first. */
export function typeFamily(type: PropertyType): PropertyType[] {
  const family = FAMILIES.find((f) => f.includes(type)) ?? [type];
  return [type, ...family.filter((t) => t !== type)];
}

/** How far a price is widened when nothing matches it: 15 % either way. */
export const PRICE_SLACK = 0.15;
/** How far the bedrooms are widened: one either way. */
export const BEDROOM_SLACK = 1;
