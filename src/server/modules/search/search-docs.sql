-- The folded search text of cards, listings and places. Generated columns (search_doc,
-- place_doc on business_cards and properties) and trigram indexes call these, so they are
-- IMMUTABLE wrappers of unaccent() (which is only STABLE).
--
-- Not run by anything: the migrations in drizzle/ create and change these objects. This file is
-- what they add up to, written as PostgreSQL prints it back (pg_get_functiondef,
-- pg_get_triggerdef), and src/server/db/declared-sql.test.ts fails when the migrated database
-- has a trigger or function that no such file declares, or one whose definition differs.
-- To change one: a custom migration (npx drizzle-kit generate --custom), then the new
-- definition here.

-- One spelling for search: lower case, accents removed, Arabic hamza and madda forms of alef
-- → ا, ى → ي, ة → ه, ؤ → و, ئ → ي, Arabic-Indic digits → 0-9, tatweel and short vowels removed,
-- '_' and '-' → space. The dictionary is named with its schema so a changed search_path cannot
-- change the result.
CREATE OR REPLACE FUNCTION public.bitaqa_fold(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT translate(lower(public.unaccent('public.unaccent'::regdictionary, value)), 'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩_-ـًٌٍَُِّْٰ', 'اااايهوي0123456789  ') $$;

-- business_cards.search_doc: every field a card is searched by, and the name, profession,
-- company, bio and office of each translation, so a card is found in either language.
CREATE OR REPLACE FUNCTION public.bitaqa_card_doc(name text, profession text, company text, bio text, role_title text, specialization text[], bank text, languages language[], area text, office text, emirate emirate, nationality nationality, translations jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$ SELECT public.bitaqa_fold(concat_ws(' ', name, profession, company, bio, role_title,
    array_to_string(specialization, ' '), bank, array_to_string(languages, ' '), area, office,
    emirate::text, nationality::text,
    translations->'en'->>'name', translations->'en'->>'profession', translations->'en'->>'company',
    translations->'en'->>'professionalBio', translations->'en'->>'officeAddress',
    translations->'ar'->>'name', translations->'ar'->>'profession', translations->'ar'->>'company',
    translations->'ar'->>'professionalBio', translations->'ar'->>'officeAddress')) $$;

-- The first version, before translations were searchable. No column or index uses it any more;
-- it stays because no migration drops it.
CREATE OR REPLACE FUNCTION public.bitaqa_card_doc(name text, profession text, company text, bio text, role_title text, specialization text[], bank text, languages language[], area text, office text, emirate emirate, nationality nationality)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$ SELECT public.bitaqa_fold(concat_ws(' ', name, profession, company, bio, role_title,
    array_to_string(specialization, ' '), bank, array_to_string(languages, ' '), area, office,
    emirate::text, nationality::text)) $$;

-- properties.search_doc: the words a listing is searched by.
CREATE OR REPLACE FUNCTION public.bitaqa_property_doc(title text, location text, address text, city text, description text, features text[])
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$ SELECT public.bitaqa_fold(concat_ws(' ', title, location, address, city, description,
    array_to_string(features, ' '))) $$;

-- place_doc of cards (area, office) and listings (location, address): where they are.
CREATE OR REPLACE FUNCTION public.bitaqa_place_doc(a text, b text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $$ SELECT public.bitaqa_fold(concat_ws(' ', a, b)) $$;
