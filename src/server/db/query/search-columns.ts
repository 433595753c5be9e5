/**
 * The stored, folded search text of cards and listings (drizzle/0004_search_columns.sql). The
 * database computes these generated columns; they are not in schema.ts, so the app never writes
 * or returns them and only uses them in search conditions, where their trigram indexes apply.
 */
import { sql } from 'drizzle-orm';

/** Name, profession, company, bio, specialization, bank, languages, area, office, emirate, nationality. */
export const cardSearchDoc = sql.raw('"business_cards"."search_doc"');
/** The folded name (drizzle/0008_directory_indexes.sql), for typo-tolerant name matches. */
export const cardNameDoc = sql.raw('"business_cards"."name_doc"');
/** Area and office address. */
export const cardPlaceDoc = sql.raw('"business_cards"."place_doc"');
/** Title, location, address, city, description, features. */
export const propertySearchDoc = sql.raw('"properties"."search_doc"');
/** Location and address. */
export const propertyPlaceDoc = sql.raw('"properties"."place_doc"');
