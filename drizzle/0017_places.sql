ALTER TABLE "business_cards" ADD COLUMN "area_id" varchar(48);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "location_id" varchar(48);