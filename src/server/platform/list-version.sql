-- The list version: one number (list_version.version) that changes whenever anything a cached
-- public list or card page shows may have changed, and is pushed to every process by NOTIFY
-- bitaqa_list_version (src/server/platform/list-version.ts). Cached answers are keyed by it.
--
-- Not run by anything: the migrations in drizzle/ create and change these objects. This file is
-- what they add up to, written as PostgreSQL prints it back (pg_get_functiondef,
-- pg_get_triggerdef), and src/server/db/declared-sql.test.ts fails when the migrated database
-- has a trigger or function that no such file declares, or one whose definition differs.
-- To change one: a custom migration (npx drizzle-kit generate --custom), then the new
-- definition here.

-- Once per transaction, at commit (the row triggers below are deferred): the version goes up by
-- one and the new number is announced. Taking the row's lock last means a writer never holds it
-- while waiting for another lock, and the new version is visible exactly when the change is.
CREATE OR REPLACE FUNCTION public.bitaqa_bump_list_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  v bigint;
BEGIN
  IF current_setting('bitaqa.list_version_tx', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('bitaqa.list_version_tx', txid_current()::text, true);
    UPDATE "list_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
    PERFORM pg_notify('bitaqa_list_version', v::text);
  END IF;
  RETURN NULL;
END $$;

-- An emptied table (TRUNCATE, tests and resets) changes every list.
CREATE OR REPLACE FUNCTION public.bitaqa_bump_list_version_statement()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE "list_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  PERFORM pg_notify('bitaqa_list_version', v::text);
  RETURN NULL;
END $$;

-- Owners: names, roles, subscriptions and visibility show on cards and lists.
CREATE CONSTRAINT TRIGGER users_list_version AFTER INSERT OR DELETE OR UPDATE ON public.users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_bump_list_version();

CREATE TRIGGER users_list_version_truncate AFTER TRUNCATE ON public.users
  FOR EACH STATEMENT
  EXECUTE FUNCTION bitaqa_bump_list_version_statement();

CREATE CONSTRAINT TRIGGER properties_list_version AFTER INSERT OR DELETE OR UPDATE ON public.properties
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_bump_list_version();

CREATE TRIGGER properties_list_version_truncate AFTER TRUNCATE ON public.properties
  FOR EACH STATEMENT
  EXECUTE FUNCTION bitaqa_bump_list_version_statement();

CREATE CONSTRAINT TRIGGER business_cards_list_version AFTER INSERT OR DELETE ON public.business_cards
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_bump_list_version();

-- A card page view bumps only its counters (view_count, vcard_downloads, qr_visits): that changes
-- no list, so it does not empty the caches.
CREATE CONSTRAINT TRIGGER business_cards_list_version_update AFTER UPDATE ON public.business_cards
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (((to_jsonb(old.*) - '{view_count,vcard_downloads,qr_visits}'::text[]) IS DISTINCT FROM (to_jsonb(new.*) - '{view_count,vcard_downloads,qr_visits}'::text[])))
  EXECUTE FUNCTION bitaqa_bump_list_version();

CREATE TRIGGER business_cards_list_version_truncate AFTER TRUNCATE ON public.business_cards
  FOR EACH STATEMENT
  EXECUTE FUNCTION bitaqa_bump_list_version_statement();

-- Brokerage pages and the team shown on a member's card.
CREATE CONSTRAINT TRIGGER brokerages_list_version AFTER INSERT OR DELETE OR UPDATE ON public.brokerages
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_bump_list_version();

CREATE CONSTRAINT TRIGGER brokerage_members_list_version AFTER INSERT OR DELETE OR UPDATE ON public.brokerage_members
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_bump_list_version();

CREATE CONSTRAINT TRIGGER brokerage_seats_list_version AFTER INSERT OR DELETE OR UPDATE ON public.brokerage_seats
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_bump_list_version();
