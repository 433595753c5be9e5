-- The contact book's search text (contacts.search_doc, a generated column with a trigram index).
--
-- Not run by anything: the migrations in drizzle/ create and change these objects. This file is
-- what they add up to, written as PostgreSQL prints it back (pg_get_functiondef,
-- pg_get_triggerdef), and src/server/db/declared-sql.test.ts fails when the migrated database
-- has a trigger or function that no such file declares, or one whose definition differs.
-- To change one: a custom migration (npx drizzle-kit generate --custom), then the new
-- definition here.

-- Every field a person may remember a contact by (name in both scripts, title, company, phone
-- digits also in the local 0… form, e-mails, notes, tags, the event where they met, address),
-- folded like the directory's.
CREATE OR REPLACE FUNCTION public.bitaqa_contact_doc(name text, name_ar text, title text, company text, phones text[], emails text[], notes text, tags text[], event text, address text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$ SELECT public.bitaqa_fold(concat_ws(' ', name, name_ar, title, company,
    array_to_string(phones, ' '), regexp_replace(array_to_string(phones, ' '), '\+971', '0', 'g'),
    array_to_string(emails, ' '), notes, array_to_string(tags, ' '), event, address)) $$;
