-- A card's other language is searchable: the stored search text also carries the name,
-- profession, company, bio and office of each translation, folded like the rest (Arabic hamza,
-- alef and yaa forms, taa marbuta, vowels). `->>` is immutable, so the column stays generated.
CREATE OR REPLACE FUNCTION bitaqa_card_doc(
  name text, profession text, company text, bio text, role_title text, specialization text[],
  bank text, languages public.language[], area text, office text, emirate public.emirate,
  nationality public.nationality, translations jsonb
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.bitaqa_fold(concat_ws(' ', name, profession, company, bio, role_title,
    array_to_string(specialization, ' '), bank, array_to_string(languages, ' '), area, office,
    emirate::text, nationality::text,
    translations->'en'->>'name', translations->'en'->>'profession', translations->'en'->>'company',
    translations->'en'->>'professionalBio', translations->'en'->>'officeAddress',
    translations->'ar'->>'name', translations->'ar'->>'profession', translations->'ar'->>'company',
    translations->'ar'->>'professionalBio', translations->'ar'->>'officeAddress')) $$;
--> statement-breakpoint
ALTER TABLE "business_cards" drop column "search_doc";--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (bitaqa_card_doc((name)::text, (profession)::text, (company)::text, professional_bio, (role_title)::text, property_specialization, (bank_name)::text, languages, (area)::text, office_address, emirate, nationality, translations)) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_cards_search_doc_trgm_idx" ON "business_cards" USING gin ("search_doc" gin_trgm_ops);
