-- A brokerage's leads are the leads on its current members' cards: the same leads the team's
-- analytics counts (by member). A member who joins brings the leads their cards already had; a
-- member who leaves takes theirs along. Kept by triggers so every path that changes a membership
-- (joining, an invitation, leaving, removal, account deletion, the seed) agrees.
CREATE FUNCTION brokerage_members_claim_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inquiries i SET brokerage_id = n.brokerage_id
  FROM new_rows n JOIN business_cards c ON c.user_id = n.user_id
  WHERE i.business_card_id = c.id AND i.brokerage_id IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brokerage_members_claim_leads AFTER INSERT ON brokerage_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION brokerage_members_claim_leads();
--> statement-breakpoint
CREATE FUNCTION brokerage_members_release_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inquiries i SET brokerage_id = NULL
  FROM old_rows o JOIN business_cards c ON c.user_id = o.user_id
  WHERE i.business_card_id = c.id AND i.brokerage_id = o.brokerage_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brokerage_members_release_leads AFTER DELETE ON brokerage_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION brokerage_members_release_leads();
--> statement-breakpoint
-- Leads that reached a member's card before they joined.
UPDATE inquiries i SET brokerage_id = m.brokerage_id
FROM brokerage_members m JOIN business_cards c ON c.user_id = m.user_id
WHERE i.business_card_id = c.id AND i.brokerage_id IS NULL;
