-- The owner's side of the directory's listing rules, copied onto each card (owner_role,
-- owner_listed_until) so the directory filters and sorts cards with one table's indexes.
--
-- Not run by anything: the migrations in drizzle/ create and change these objects. This file is
-- what they add up to, written as PostgreSQL prints it back (pg_get_functiondef,
-- pg_get_triggerdef), and src/server/db/declared-sql.test.ts fails when the migrated database
-- has a trigger or function that no such file declares, or one whose definition differs.
-- To change one: a custom migration (npx drizzle-kit generate --custom), then the new
-- definition here.

-- The instant until which an owner's cards are listed: never (-infinity) for a deleted or
-- suspended owner or one hiding their card; for a paid role, while its subscription runs (the
-- period's end, none meaning no end); any other role always (infinity). The paid roles are
-- PAID_ROLES of src/core/enums.ts. A card is listed while this is later than now().
CREATE OR REPLACE FUNCTION public.bitaqa_owner_listed_until(role user_role, subscription_status text, subscription_period_end timestamp with time zone, card_visibility text, suspended_at timestamp with time zone, deleted_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT CASE
    WHEN deleted_at IS NOT NULL OR suspended_at IS NOT NULL OR card_visibility IS DISTINCT FROM 'public' THEN '-infinity'::timestamptz
    WHEN role NOT IN ('real_estate_broker', 'banking_broker') THEN 'infinity'::timestamptz
    WHEN subscription_status = 'active' THEN coalesce(subscription_period_end, 'infinity'::timestamptz)
    ELSE '-infinity'::timestamptz
  END
$$;

-- A card written (new, moved to another owner, or its copied columns touched) takes its owner's
-- current values: the copy can never be set to anything else.
CREATE OR REPLACE FUNCTION public.bitaqa_card_owner_copy()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  SELECT u.role, bitaqa_owner_listed_until(u.role, u.subscription_status, u.subscription_period_end, u.card_visibility, u.suspended_at, u.deleted_at)
    INTO NEW.owner_role, NEW.owner_listed_until
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;

CREATE TRIGGER business_cards_owner_copy BEFORE INSERT OR UPDATE OF user_id, owner_role, owner_listed_until ON public.business_cards
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_card_owner_copy();

-- An owner's change of role, subscription, visibility, suspension or deletion reaches all their
-- cards in the same transaction.
CREATE OR REPLACE FUNCTION public.bitaqa_user_cards_owner_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  until timestamptz := bitaqa_owner_listed_until(NEW.role, NEW.subscription_status, NEW.subscription_period_end, NEW.card_visibility, NEW.suspended_at, NEW.deleted_at);
BEGIN
  UPDATE business_cards SET owner_role = NEW.role, owner_listed_until = until
    WHERE user_id = NEW.id AND (owner_role, owner_listed_until) IS DISTINCT FROM (NEW.role, until);
  RETURN NULL;
END $$;

CREATE TRIGGER users_cards_owner_sync AFTER UPDATE OF role, subscription_status, subscription_period_end, card_visibility, suspended_at, deleted_at ON public.users
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_user_cards_owner_sync();
