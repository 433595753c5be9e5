CREATE TABLE "card_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "business_cards_name_doc_trgm_gist_idx";--> statement-breakpoint
CREATE INDEX "card_name_words_trgm_idx" ON "card_name_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of a card's folded name, as the app splits them (NAME_WORD_SPLIT of
-- src/server/modules/directory/repository.ts): spaces, hyphens, apostrophes and dots.
CREATE OR REPLACE FUNCTION bitaqa_card_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_name_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.name_doc, '[[:space:]''’.-]+') AS w WHERE w <> ''
    ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_cards_name_words" AFTER INSERT OR UPDATE OF "name" ON "business_cards"
  FOR EACH ROW EXECUTE FUNCTION bitaqa_card_name_words();--> statement-breakpoint
INSERT INTO card_name_words (word)
  SELECT DISTINCT w FROM business_cards, regexp_split_to_table(name_doc, '[[:space:]''’.-]+') AS w WHERE w <> ''
  ON CONFLICT (word) DO NOTHING;--> statement-breakpoint
ANALYZE "card_name_words";
