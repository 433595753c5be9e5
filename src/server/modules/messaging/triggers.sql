-- Messaging: the inbox's member rows and unread totals, kept by the database so every writer
-- (the service, the seed, bulk loads, account deletion) leaves them right in the same statement.
--
-- Not run by anything: the migrations in drizzle/ create and change these objects. This file is
-- what they add up to, written as PostgreSQL prints it back (pg_get_functiondef,
-- pg_get_triggerdef), and src/server/db/declared-sql.test.ts fails when the migrated database
-- has a trigger or function that no such file declares, or one whose definition differs.
-- To change one: a custom migration (npx drizzle-kit generate --custom), then the new
-- definition here.

-- Every conversation has one conversation_members row per participant, from the moment it
-- exists: the inbox lists a user's conversations from these rows alone.
CREATE OR REPLACE FUNCTION public.conversation_members_add()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO conversation_members (conversation_id, user_id, last_message_at, activity_at)
  SELECT n.id, p.user_id, n.last_message_at, coalesce(n.last_message_at, n.created_at)
  FROM new_rows n CROSS JOIN LATERAL (VALUES (n.participant1_id), (n.participant2_id)) AS p(user_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Statement-level: a bulk load of conversations adds their members in one insert.
CREATE TRIGGER conversations_add_members AFTER INSERT ON public.conversations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION conversation_members_add();

-- A new message moves the conversation to the top of both members' lists (last_message_at,
-- activity_at) and counts as unread for the member who did not send it. The member rows are
-- locked in key order first, so two senders in one conversation never deadlock.
CREATE OR REPLACE FUNCTION public.conversation_members_messages_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM conversation_members
  WHERE conversation_id IN (SELECT conversation_id FROM new_rows)
  ORDER BY conversation_id, user_id FOR UPDATE;
  WITH changed AS (
    SELECT m.conversation_id, m.user_id, max(n.created_at) AS last_at,
           count(*) FILTER (WHERE NOT n.is_read AND n.sender_id <> m.user_id)::int AS unread
    FROM new_rows n JOIN conversation_members m ON m.conversation_id = n.conversation_id
    GROUP BY m.conversation_id, m.user_id
  )
  UPDATE conversation_members m
  SET last_message_at = greatest(m.last_message_at, c.last_at),
      activity_at = greatest(m.last_message_at, c.last_at),
      unread_count = m.unread_count + c.unread
  FROM changed c
  WHERE m.conversation_id = c.conversation_id AND m.user_id = c.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_update_members_on_insert AFTER INSERT ON public.messages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION conversation_members_messages_added();

-- A message marked read (or unread again) moves the other member's unread_count by one; the
-- count never goes below zero.
CREATE OR REPLACE FUNCTION public.conversation_members_messages_read()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  WITH changed AS (
    SELECT m.conversation_id, m.user_id,
           sum(CASE WHEN n.is_read THEN -1 ELSE 1 END)::int AS delta
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id AND o.is_read IS DISTINCT FROM n.is_read
    JOIN conversation_members m ON m.conversation_id = n.conversation_id AND m.user_id <> n.sender_id
    GROUP BY m.conversation_id, m.user_id
  )
  UPDATE conversation_members m
  SET unread_count = greatest(m.unread_count + c.delta, 0)
  FROM changed c
  WHERE m.conversation_id = c.conversation_id AND m.user_id = c.user_id AND c.delta <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_update_members_on_update AFTER UPDATE ON public.messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION conversation_members_messages_read();

-- A deleted unread message no longer counts for the member who had not read it.
CREATE OR REPLACE FUNCTION public.conversation_members_messages_removed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  WITH changed AS (
    SELECT m.conversation_id, m.user_id, count(*)::int AS gone
    FROM old_rows o
    JOIN conversation_members m ON m.conversation_id = o.conversation_id AND m.user_id <> o.sender_id
    WHERE NOT o.is_read
    GROUP BY m.conversation_id, m.user_id
  )
  UPDATE conversation_members m
  SET unread_count = greatest(m.unread_count - c.gone, 0)
  FROM changed c
  WHERE m.conversation_id = c.conversation_id AND m.user_id = c.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_update_members_on_delete AFTER DELETE ON public.messages
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION conversation_members_messages_removed();

-- user_unread.unread_count is the sum of the user's conversation_members.unread_count: the
-- badge reads one row. New member rows add their counts.
CREATE OR REPLACE FUNCTION public.user_unread_members_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO user_unread AS t (user_id, unread_count)
  SELECT user_id, sum(unread_count)::int FROM new_rows
  GROUP BY user_id HAVING sum(unread_count) <> 0 ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET unread_count = greatest(t.unread_count + excluded.unread_count, 0);
  RETURN NULL;
END $$;

CREATE TRIGGER conversation_members_unread_added AFTER INSERT ON public.conversation_members
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION user_unread_members_added();

-- A member row's count that changed moves the user's total by the difference, each user once
-- per statement and in user order (two statements moving several totals never deadlock).
CREATE OR REPLACE FUNCTION public.user_unread_members_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO user_unread AS t (user_id, unread_count)
  SELECT n.user_id, sum(n.unread_count - o.unread_count)::int
  FROM new_rows n JOIN old_rows o ON o.conversation_id = n.conversation_id AND o.user_id = n.user_id
  GROUP BY n.user_id HAVING sum(n.unread_count - o.unread_count) <> 0 ORDER BY n.user_id
  ON CONFLICT (user_id) DO UPDATE SET unread_count = greatest(t.unread_count + excluded.unread_count, 0);
  RETURN NULL;
END $$;

CREATE TRIGGER conversation_members_unread_changed AFTER UPDATE ON public.conversation_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION user_unread_members_changed();

-- Member rows deleted (a conversation or an account gone) take their counts off the totals
-- that are still there.
CREATE OR REPLACE FUNCTION public.user_unread_members_removed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  -- Only existing totals move: a user being deleted has no total left to insert into.
  UPDATE user_unread t SET unread_count = greatest(t.unread_count - d.gone, 0)
  FROM (SELECT user_id, sum(unread_count)::int AS gone FROM old_rows GROUP BY user_id) d
  WHERE t.user_id = d.user_id AND d.gone <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER conversation_members_unread_removed AFTER DELETE ON public.conversation_members
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION user_unread_members_removed();
