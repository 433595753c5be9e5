-- Stored search text for the directory and listings (issue 4, scale). Matching a common word
-- rechecks thousands of rows; reading a stored column is much cheaper than recomputing
-- unaccent() per row. Generated columns need IMMUTABLE expressions, hence the wrappers of
-- 0003_search.sql. The columns are not in schema.ts on purpose: the database computes them and
-- the application only reads them in search conditions (src/server/modules/search/columns.ts).
CREATE OR REPLACE FUNCTION bitaqa_place_doc(a text, b text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.bitaqa_fold(concat_ws(' ', a, b)) $$;
--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN IF NOT EXISTS "search_doc" text GENERATED ALWAYS AS (
  public.bitaqa_card_doc("name", "profession", "company", "professional_bio", "role_title",
    "property_specialization", "bank_name", "languages", "area", "office_address", "emirate",
    "nationality")) STORED;
--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN IF NOT EXISTS "place_doc" text GENERATED ALWAYS AS (
  public.bitaqa_place_doc("area", "office_address")) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "business_cards_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_search_doc_trgm_idx" ON "business_cards" USING gin ("search_doc" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_place_doc_trgm_idx" ON "business_cards" USING gin ("place_doc" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_name_sort_idx" ON "business_cards" USING btree (public.bitaqa_fold("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_location_sort_idx" ON "business_cards" USING btree ("emirate", public.bitaqa_fold("area"), public.bitaqa_fold("name"), "id");
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "search_doc" text GENERATED ALWAYS AS (
  public.bitaqa_property_doc("title", "location", "address", "city", "description", "features")) STORED;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "place_doc" text GENERATED ALWAYS AS (
  public.bitaqa_place_doc("location", "address")) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "properties_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_search_doc_trgm_idx" ON "properties" USING gin ("search_doc" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_place_doc_trgm_idx" ON "properties" USING gin ("place_doc" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_area_idx" ON "properties" USING btree ("is_approved", "status", "area" DESC NULLS LAST);
