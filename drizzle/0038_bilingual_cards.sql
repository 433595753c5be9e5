ALTER TABLE "business_cards" ADD COLUMN "primary_language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_cards" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "business_cards" ADD CONSTRAINT "business_cards_primary_language_check" CHECK ("primary_language" IN ('en', 'ar'));--> statement-breakpoint
-- Cards written before they had two languages: their text is in the language whose letters
-- outnumber the other's in the name, profession and company (core/card-text.ts detectTextLanguage).
UPDATE "business_cards" SET "primary_language" = 'ar'
WHERE length(regexp_replace(concat_ws(' ', "name", "profession", "company"), '[^؀-ۿݐ-ݿࢠ-ࣿﭐ-﷿ﹰ-ﻼ]', '', 'g'))
    > length(regexp_replace(concat_ws(' ', "name", "profession", "company"), '[^A-Za-zÀ-ɏ]', '', 'g'));
