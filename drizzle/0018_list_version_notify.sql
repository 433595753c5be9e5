-- Issue 13: the list version is pushed to every process (NOTIFY bitaqa_list_version, payload the
-- new version), so a process serves cached cards and lists without reading the version first.
-- A notification is delivered when the transaction commits, with the change it announces.
CREATE OR REPLACE FUNCTION bitaqa_bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bitaqa_bump_list_version_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE "list_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  PERFORM pg_notify('bitaqa_list_version', v::text);
  RETURN NULL;
END $$;
