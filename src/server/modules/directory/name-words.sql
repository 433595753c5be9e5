-- The distinct words of card names (card_name_words, with a trigram index): a misspelt name in a
-- directory search is first matched to the few nearest real words here, a table of thousands of
-- words rather than every card's name.
--
-- Not run by anything: the migrations in drizzle/ create and change these objects. This file is
-- what they add up to, written as PostgreSQL prints it back (pg_get_functiondef,
-- pg_get_triggerdef), and src/server/db/declared-sql.test.ts fails when the migrated database
-- has a trigger or function that no such file declares, or one whose definition differs.
-- To change one: a custom migration (npx drizzle-kit generate --custom), then the new
-- definition here.

-- Every word of a card's folded name is in the table once a card carries it, split the way the
-- app splits a typed name (spaces, hyphens, apostrophes and dots). Words a renamed card no longer
-- uses stay: they only cost a lookup that matches no card.
CREATE OR REPLACE FUNCTION public.bitaqa_card_name_words()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO card_name_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.name_doc, '[[:space:]''’.-]+') AS w WHERE w <> ''
    ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER business_cards_name_words AFTER INSERT OR UPDATE OF name ON public.business_cards
  FOR EACH ROW
  EXECUTE FUNCTION bitaqa_card_name_words();
