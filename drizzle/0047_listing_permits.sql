CREATE TYPE "public"."permit_authority" AS ENUM('trakheesi', 'madhmoun', 'other');--> statement-breakpoint
DROP INDEX "properties_listed_newest_idx";--> statement-breakpoint
DROP INDEX "properties_listed_filters_idx";--> statement-breakpoint
DROP INDEX "properties_listed_bedrooms_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "permit_authority" "permit_authority";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "permit_authority_name" varchar(100);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "permit_expires_on" date;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "permit_notice_for" date;--> statement-breakpoint
CREATE INDEX "properties_permit_expiry_idx" ON "properties" USING btree ("permit_expires_on") WHERE is_approved = true and permit_expires_on is not null;--> statement-breakpoint
CREATE INDEX "properties_listed_newest_idx" ON "properties" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"permit_expires_on") WHERE is_approved = true;--> statement-breakpoint
CREATE INDEX "properties_listed_filters_idx" ON "properties" USING btree ("status","city","property_type","bedrooms","price","user_id","permit_expires_on") WHERE is_approved = true;--> statement-breakpoint
CREATE INDEX "properties_listed_bedrooms_idx" ON "properties" USING btree ("status","bedrooms","price","permit_expires_on") WHERE is_approved = true;--> statement-breakpoint
-- Listings from before: a Dubai permit number was a Trakheesi permit; their expiry stays unknown
-- (null, still listed) until the owner's next edit of the permit asks for it.
UPDATE "properties" SET "permit_authority" = CASE WHEN "city" = 'Dubai' THEN 'trakheesi'::"permit_authority" WHEN "city" = 'Abu Dhabi' THEN 'madhmoun'::"permit_authority" ELSE 'other'::"permit_authority" END WHERE "permit_number" IS NOT NULL AND "permit_number" <> '';
