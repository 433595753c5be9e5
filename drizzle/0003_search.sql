-- Search support for the directory, listings and smart search (issue 4).
-- unaccent() is only STABLE (it reads a dictionary), so index expressions go through these
-- IMMUTABLE wrappers; the dictionary is named with its schema so a changed search_path cannot
-- change the result. Arabic folding: hamza and madda forms of alef → ا, ى → ي, ة → ه,
-- ؤ → و, ئ → ي, Arabic-Indic digits → 0-9, tatweel and short vowels removed; '_' and '-' → space.
CREATE OR REPLACE FUNCTION bitaqa_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(lower(public.unaccent('public.unaccent'::regdictionary, value)), 'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩_-ـًٌٍَُِّْٰ', 'اااايهوي0123456789  ') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bitaqa_card_doc(
  name text, profession text, company text, bio text, role_title text, specialization text[],
  bank text, languages public.language[], area text, office text, emirate public.emirate, nationality public.nationality
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.bitaqa_fold(concat_ws(' ', name, profession, company, bio, role_title,
    array_to_string(specialization, ' '), bank, array_to_string(languages, ' '), area, office,
    emirate::text, nationality::text)) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bitaqa_property_doc(
  title text, location text, address text, city text, description text, features text[]
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.bitaqa_fold(concat_ws(' ', title, location, address, city, description,
    array_to_string(features, ' '))) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_search_trgm_idx" ON "business_cards" USING gin (
  bitaqa_card_doc("name", "profession", "company", "professional_bio", "role_title",
    "property_specialization", "bank_name", "languages", "area", "office_address", "emirate",
    "nationality") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_name_trgm_idx" ON "business_cards" USING gin (public.bitaqa_fold("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_languages_idx" ON "business_cards" USING gin ("languages");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_search_trgm_idx" ON "properties" USING gin (
  bitaqa_property_doc("title", "location", "address", "city", "description", "features") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_city_idx" ON "properties" USING btree ("is_approved", "status", "city", "created_at");
