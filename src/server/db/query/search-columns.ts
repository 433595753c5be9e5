/**
 * The stored, folded search text of cards and listings: generated columns declared in schema.ts
 * (computed by the database with the wrappers of drizzle/0003_search.sql). The app never writes
 * them; search conditions read them here, where their trigram indexes apply.
 */
import { businessCards, properties } from '../schema';

/** Name, profession, company, bio, specialization, bank, languages, area, office, emirate, nationality. */
export const cardSearchDoc = businessCards.searchDoc;
/** The folded name, for typo-tolerant name matches. */
export const cardNameDoc = businessCards.nameDoc;
/** Area and office address. */
export const cardPlaceDoc = businessCards.placeDoc;
/** Title, location, address, city, description, features. */
export const propertySearchDoc = properties.searchDoc;
/** Location and address. */
export const propertyPlaceDoc = properties.placeDoc;
