-- Issue 16, schema in one place: the stored search columns and their indexes, created by hand in
-- 0003_search.sql, 0004_search_columns.sql and 0009_directory_indexes.sql, are now declared in
-- schema.ts, so drizzle-kit tracks them. Every statement is IF NOT EXISTS: on a database migrated
-- before, they exist already and this migration changes nothing.
ALTER TABLE "business_cards" ADD COLUMN IF NOT EXISTS "search_doc" text GENERATED ALWAYS AS (bitaqa_card_doc((name)::text, (profession)::text, (company)::text, professional_bio, (role_title)::text, property_specialization, (bank_name)::text, languages, (area)::text, office_address, emirate, nationality)) STORED;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN IF NOT EXISTS "place_doc" text GENERATED ALWAYS AS (bitaqa_place_doc((area)::text, office_address)) STORED;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN IF NOT EXISTS "name_doc" text GENERATED ALWAYS AS (bitaqa_fold((name)::text)) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "search_doc" text GENERATED ALWAYS AS (bitaqa_property_doc((title)::text, (location)::text, address, (city)::text, description, features)) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "place_doc" text GENERATED ALWAYS AS (bitaqa_place_doc((location)::text, address)) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_languages_idx" ON "business_cards" USING gin ("languages");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_search_doc_trgm_idx" ON "business_cards" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_place_doc_trgm_idx" ON "business_cards" USING gin ("place_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_name_doc_trgm_idx" ON "business_cards" USING gin ("name_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_name_sort_idx" ON "business_cards" USING btree (bitaqa_fold((name)::text),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_location_sort_idx" ON "business_cards" USING btree ("emirate",bitaqa_fold((area)::text),bitaqa_fold((name)::text),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_city_idx" ON "properties" USING btree ("is_approved","status","city","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_area_idx" ON "properties" USING btree ("is_approved","status","area" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_search_doc_trgm_idx" ON "properties" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_place_doc_trgm_idx" ON "properties" USING gin ("place_doc" gin_trgm_ops);