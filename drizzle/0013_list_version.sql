CREATE TABLE "list_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_version_one_row" CHECK ("list_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "list_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Bumps the version once per transaction, at commit (the triggers below are deferred): taking
-- the row's lock last means a writer never holds it while waiting for another lock (no deadlock),
-- and the new version is visible exactly when the change is.
CREATE OR REPLACE FUNCTION bitaqa_bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bitaqa.list_version_tx', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('bitaqa.list_version_tx', txid_current()::text, true);
    UPDATE "list_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_list_version" AFTER INSERT OR UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bitaqa_bump_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "properties_list_version" AFTER INSERT OR UPDATE OR DELETE ON "properties"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bitaqa_bump_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "business_cards_list_version" AFTER INSERT OR DELETE ON "business_cards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bitaqa_bump_list_version();
--> statement-breakpoint
-- A card page view bumps only its counters: that changes no list.
CREATE CONSTRAINT TRIGGER "business_cards_list_version_update" AFTER UPDATE ON "business_cards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{view_count,vcard_downloads,qr_visits}'::text[]) IS DISTINCT FROM (to_jsonb(NEW) - '{view_count,vcard_downloads,qr_visits}'::text[]))
  EXECUTE FUNCTION bitaqa_bump_list_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bitaqa_bump_list_version_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_list_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bitaqa_bump_list_version_statement();
--> statement-breakpoint
CREATE TRIGGER "properties_list_version_truncate" AFTER TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION bitaqa_bump_list_version_statement();
--> statement-breakpoint
CREATE TRIGGER "business_cards_list_version_truncate" AFTER TRUNCATE ON "business_cards" FOR EACH STATEMENT EXECUTE FUNCTION bitaqa_bump_list_version_statement();
