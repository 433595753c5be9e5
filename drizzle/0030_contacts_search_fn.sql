-- The folded search text of a contact: every field a person may remember them by (name in both
-- scripts, title, company, phone digits, e-mails, notes, tags, the event where they met), folded
-- like the directory's. IMMUTABLE so a generated column and its trigram index can use it.
CREATE OR REPLACE FUNCTION bitaqa_contact_doc(
  name text, name_ar text, title text, company text, phones text[], emails text[], notes text,
  tags text[], event text, address text
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.bitaqa_fold(concat_ws(' ', name, name_ar, title, company,
    array_to_string(phones, ' '), regexp_replace(array_to_string(phones, ' '), '\+971', '0', 'g'),
    array_to_string(emails, ' '), notes, array_to_string(tags, ' '), event, address)) $$;
