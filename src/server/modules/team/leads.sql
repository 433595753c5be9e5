-- A brokerage's team leads: the inquiries on its current members' cards (inquiries.brokerage_id),
-- the same leads the team's analytics counts. Kept by triggers so every path that changes a
-- membership (joining, an invitation, leaving, removal, account deletion, the seed) agrees.
--
-- Not run by anything: the migrations in drizzle/ create and change these objects. This file is
-- what they add up to, written as PostgreSQL prints it back (pg_get_functiondef,
-- pg_get_triggerdef), and src/server/db/declared-sql.test.ts fails when the migrated database
-- has a trigger or function that no such file declares, or one whose definition differs.
-- To change one: a custom migration (npx drizzle-kit generate --custom), then the new
-- definition here.

-- A member who joins brings the leads their cards already had.
CREATE OR REPLACE FUNCTION public.brokerage_members_claim_leads()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE inquiries i SET brokerage_id = n.brokerage_id
  FROM new_rows n JOIN business_cards c ON c.user_id = n.user_id
  WHERE i.business_card_id = c.id AND i.brokerage_id IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER brokerage_members_claim_leads AFTER INSERT ON public.brokerage_members
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION brokerage_members_claim_leads();

-- A member who leaves takes their leads along.
CREATE OR REPLACE FUNCTION public.brokerage_members_release_leads()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE inquiries i SET brokerage_id = NULL
  FROM old_rows o JOIN business_cards c ON c.user_id = o.user_id
  WHERE i.business_card_id = c.id AND i.brokerage_id = o.brokerage_id;
  RETURN NULL;
END $$;

CREATE TRIGGER brokerage_members_release_leads AFTER DELETE ON public.brokerage_members
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION brokerage_members_release_leads();
