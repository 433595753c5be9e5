CREATE INDEX "business_cards_listed_newest_idx" ON "business_cards" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'approved' and is_public = true;--> statement-breakpoint
CREATE INDEX "properties_listed_newest_idx" ON "properties" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE is_approved = true;
--> statement-breakpoint
-- Hand-written (issue 13): the folded name stored once, so the typo-tolerant match (pg_trgm word
-- similarity) rechecks a column instead of running unaccent() on every candidate row. Like the
-- columns of 0004 it is not in schema.ts: the database computes it, the app only searches it.
ALTER TABLE "business_cards" ADD COLUMN IF NOT EXISTS "name_doc" text GENERATED ALWAYS AS (public.bitaqa_fold("name")) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_name_doc_trgm_idx" ON "business_cards" USING gin ("name_doc" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "business_cards_name_trgm_idx";
