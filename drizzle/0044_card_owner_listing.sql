DROP INDEX "business_cards_listed_filters_idx";--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "owner_role" "user_role" DEFAULT 'investor' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "owner_listed_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "owner_rank" smallint GENERATED ALWAYS AS (case owner_role when 'real_estate_broker' then 1 when 'banking_broker' then 2 when 'real_estate_developer' then 3 when 'investor' then 4 else 5 end) STORED;--> statement-breakpoint
-- The owner's side of the directory's listing rules, as one instant: a deleted or suspended owner,
-- or one hiding their card, lists nothing; a paid role lists while its subscription runs (the
-- period's end, none meaning no end); any other role always. The paid roles are PAID_ROLES of
-- src/core/enums.ts. The card is listed while this is later than now().
CREATE OR REPLACE FUNCTION bitaqa_owner_listed_until(
  role user_role, subscription_status text, subscription_period_end timestamptz,
  card_visibility text, suspended_at timestamptz, deleted_at timestamptz
) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN deleted_at IS NOT NULL OR suspended_at IS NOT NULL OR card_visibility IS DISTINCT FROM 'public' THEN '-infinity'::timestamptz
    WHEN role NOT IN ('real_estate_broker', 'banking_broker') THEN 'infinity'::timestamptz
    WHEN subscription_status = 'active' THEN coalesce(subscription_period_end, 'infinity'::timestamptz)
    ELSE '-infinity'::timestamptz
  END
$$;--> statement-breakpoint
-- A card takes its owner's values when written (a new card, or one moved to another owner).
CREATE OR REPLACE FUNCTION bitaqa_card_owner_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.role, bitaqa_owner_listed_until(u.role, u.subscription_status, u.subscription_period_end, u.card_visibility, u.suspended_at, u.deleted_at)
    INTO NEW.owner_role, NEW.owner_listed_until
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_cards_owner_copy" BEFORE INSERT OR UPDATE OF "user_id", "owner_role", "owner_listed_until" ON "business_cards"
  FOR EACH ROW EXECUTE FUNCTION bitaqa_card_owner_copy();--> statement-breakpoint
-- An owner's change of role, subscription, visibility, suspension or deletion reaches their cards
-- in the same transaction.
CREATE OR REPLACE FUNCTION bitaqa_user_cards_owner_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  until timestamptz := bitaqa_owner_listed_until(NEW.role, NEW.subscription_status, NEW.subscription_period_end, NEW.card_visibility, NEW.suspended_at, NEW.deleted_at);
BEGIN
  UPDATE business_cards SET owner_role = NEW.role, owner_listed_until = until
    WHERE user_id = NEW.id AND (owner_role, owner_listed_until) IS DISTINCT FROM (NEW.role, until);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_cards_owner_sync" AFTER UPDATE OF "role", "subscription_status", "subscription_period_end", "card_visibility", "suspended_at", "deleted_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION bitaqa_user_cards_owner_sync();--> statement-breakpoint
-- Existing cards (the copy trigger reads the owner when owner_role is written). The list-version
-- trigger runs at once for these rows, not at commit: the indexes below cannot be built on a table
-- with trigger events pending.
SET CONSTRAINTS "business_cards_list_version_update" IMMEDIATE;--> statement-breakpoint
UPDATE "business_cards" SET "owner_role" = "owner_role";--> statement-breakpoint
SET CONSTRAINTS "business_cards_list_version_update" DEFERRED;--> statement-breakpoint
CREATE INDEX "business_cards_listed_role_newest_idx" ON "business_cards" USING btree ("owner_role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'approved' and is_public = true;--> statement-breakpoint
CREATE INDEX "business_cards_listed_role_name_idx" ON "business_cards" USING btree ("owner_role",bitaqa_fold((name)::text),"id") WHERE status = 'approved' and is_public = true;--> statement-breakpoint
CREATE INDEX "business_cards_listed_role_location_idx" ON "business_cards" USING btree ("owner_role","emirate",bitaqa_fold((area)::text),bitaqa_fold((name)::text),"id") WHERE status = 'approved' and is_public = true;--> statement-breakpoint
CREATE INDEX "business_cards_listed_rank_idx" ON "business_cards" USING btree ("owner_rank",bitaqa_fold((name)::text),"id") WHERE status = 'approved' and is_public = true;--> statement-breakpoint
CREATE INDEX "business_cards_listed_filters_idx" ON "business_cards" USING btree ("emirate","owner_role","role_title","nationality","license_verified","owner_listed_until","created_at") WHERE status = 'approved' and is_public = true;--> statement-breakpoint
-- The owner's role goes with the card's filters (brokers' specializations, investors' nationalities).
DROP STATISTICS IF EXISTS "business_cards_filters_stats";--> statement-breakpoint
CREATE STATISTICS "business_cards_filters_stats" (mcv, dependencies) ON "status", "is_public", "owner_role", "emirate", "role_title", "nationality" FROM "business_cards";--> statement-breakpoint
ANALYZE "business_cards";
