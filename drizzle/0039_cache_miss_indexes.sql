CREATE INDEX "business_cards_property_specialization_idx" ON "business_cards" USING gin ("property_specialization");--> statement-breakpoint
CREATE INDEX "business_cards_listed_filters_idx" ON "business_cards" USING btree ("emirate","role_title","nationality","license_verified","user_id","created_at") WHERE status = 'approved' and is_public = true;--> statement-breakpoint
CREATE INDEX "properties_listed_filters_idx" ON "properties" USING btree ("status","city","property_type","bedrooms","price","user_id") WHERE is_approved = true;--> statement-breakpoint
CREATE INDEX "properties_listed_bedrooms_idx" ON "properties" USING btree ("status","bedrooms","price") WHERE is_approved = true;--> statement-breakpoint
-- The filters that go together (a listing's city, type and bedrooms; a card's emirate and
-- specialization): without these the planner multiplies their selectivities as if independent
-- and expects rows where there are none, then walks a sort order's index through every row.
CREATE STATISTICS IF NOT EXISTS "properties_filters_stats" (mcv, dependencies) ON "is_approved", "status", "property_type", "city", "bedrooms" FROM "properties";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "business_cards_filters_stats" (mcv, dependencies) ON "status", "is_public", "emirate", "role_title", "nationality" FROM "business_cards";--> statement-breakpoint
ANALYZE "properties";--> statement-breakpoint
ANALYZE "business_cards";
