CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone,
	"activity_at" timestamp with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_list_idx" ON "conversation_members" USING btree ("user_id","activity_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("user_id","unread_count") WHERE "conversation_members"."unread_count" > 0;--> statement-breakpoint
-- Hand-written (issue 13): triggers keep conversation_members in step with conversations and
-- messages in the same statement, whoever writes them (the service, the seed, bulk loads).
-- Statement-level with transition tables: a bulk insert updates each member row once.
CREATE FUNCTION conversation_members_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_members (conversation_id, user_id, last_message_at, activity_at)
  SELECT n.id, p.user_id, n.last_message_at, coalesce(n.last_message_at, n.created_at)
  FROM new_rows n CROSS JOIN LATERAL (VALUES (n.participant1_id), (n.participant2_id)) AS p(user_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_add_members AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_members_add();
--> statement-breakpoint
-- New messages: the newest time moves the list order, and each unread message from the other
-- side counts for the member. Rows are locked in key order first, so two senders in one
-- conversation never deadlock.
CREATE FUNCTION conversation_members_messages_added() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER messages_update_members_on_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_members_messages_added();
--> statement-breakpoint
-- Read receipts (and any other change of is_read): the members' counts move by the difference.
CREATE FUNCTION conversation_members_messages_read() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER messages_update_members_on_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_members_messages_read();
--> statement-breakpoint
CREATE FUNCTION conversation_members_messages_removed() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER messages_update_members_on_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_members_messages_removed();
--> statement-breakpoint
-- Existing conversations: one row per participant, from the messages already there.
INSERT INTO conversation_members (conversation_id, user_id, last_message_at, activity_at, unread_count)
SELECT c.id, p.user_id, lm.last_at, coalesce(lm.last_at, c.created_at),
       (SELECT count(*)::int FROM messages x
        WHERE x.conversation_id = c.id AND x.sender_id <> p.user_id AND NOT x.is_read)
FROM conversations c
CROSS JOIN LATERAL (VALUES (c.participant1_id), (c.participant2_id)) AS p(user_id)
CROSS JOIN LATERAL (
  SELECT greatest(c.last_message_at, (SELECT max(x.created_at) FROM messages x WHERE x.conversation_id = c.id)) AS last_at
) lm
ON CONFLICT DO NOTHING;
