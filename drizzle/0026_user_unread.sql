CREATE TABLE "user_unread" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_unread" ADD CONSTRAINT "user_unread_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 13): the totals follow the member rows' unread counts in the same
-- statement, whoever changes them (the messages' triggers, read receipts, bulk loads, deletions).
-- Statement-level: a bulk change moves each user's total once, in user order, so two statements
-- that both move several users' totals never deadlock.
CREATE FUNCTION user_unread_members_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_unread AS t (user_id, unread_count)
  SELECT user_id, sum(unread_count)::int FROM new_rows
  GROUP BY user_id HAVING sum(unread_count) <> 0 ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET unread_count = greatest(t.unread_count + excluded.unread_count, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_unread_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_unread AS t (user_id, unread_count)
  SELECT n.user_id, sum(n.unread_count - o.unread_count)::int
  FROM new_rows n JOIN old_rows o ON o.conversation_id = n.conversation_id AND o.user_id = n.user_id
  GROUP BY n.user_id HAVING sum(n.unread_count - o.unread_count) <> 0 ORDER BY n.user_id
  ON CONFLICT (user_id) DO UPDATE SET unread_count = greatest(t.unread_count + excluded.unread_count, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_unread_members_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only existing totals move: a user being deleted has no total left to insert into.
  UPDATE user_unread t SET unread_count = greatest(t.unread_count - d.gone, 0)
  FROM (SELECT user_id, sum(unread_count)::int AS gone FROM old_rows GROUP BY user_id) d
  WHERE t.user_id = d.user_id AND d.gone <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_members_unread_added AFTER INSERT ON conversation_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_unread_members_added();
--> statement-breakpoint
CREATE TRIGGER conversation_members_unread_changed AFTER UPDATE ON conversation_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_unread_members_changed();
--> statement-breakpoint
CREATE TRIGGER conversation_members_unread_removed AFTER DELETE ON conversation_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_unread_members_removed();
--> statement-breakpoint
-- The totals of the conversations already there.
INSERT INTO user_unread (user_id, unread_count)
SELECT user_id, sum(unread_count)::int FROM conversation_members GROUP BY user_id HAVING sum(unread_count) > 0;
