CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_daily_stats" (
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"action" varchar(20) NOT NULL,
	"source" varchar(20) NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_daily_stats_card_id_day_action_source_pk" PRIMARY KEY("card_id","day","action","source")
);
--> statement-breakpoint
CREATE TABLE "card_daily_visitors" (
	"card_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" varchar(32) NOT NULL,
	CONSTRAINT "card_daily_visitors_card_id_day_visitor_hash_pk" PRIMARY KEY("card_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "action" varchar(20) DEFAULT 'view' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_events" ADD COLUMN "source" varchar(20) DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_daily_stats" ADD CONSTRAINT "card_daily_stats_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_daily_stats" ADD CONSTRAINT "card_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_daily_visitors" ADD CONSTRAINT "card_daily_visitors_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_daily_stats_user_day_idx" ON "card_daily_stats" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "card_daily_visitors_day_idx" ON "card_daily_visitors" USING btree ("day");--> statement-breakpoint
-- Data (issue 14), before "type" goes: a QR visit was two rows written together (view and qr at
-- the same instant); it becomes one view from the QR code. A vCard download is a contact saved.
DELETE FROM "card_events" WHERE "id" IN (
  SELECT DISTINCT ON (q."id") v."id" FROM "card_events" q
  JOIN "card_events" v ON v."card_id" = q."card_id" AND v."created_at" = q."created_at" AND v."type" = 'view'
  WHERE q."type" = 'qr' ORDER BY q."id", v."id"
);--> statement-breakpoint
UPDATE "card_events" SET
  "action" = CASE "type" WHEN 'vcard' THEN 'contact_saved' ELSE 'view' END,
  "source" = CASE "type" WHEN 'qr' THEN 'qr' ELSE 'direct' END;--> statement-breakpoint
-- Daily rollups of the history, by UAE day (UTC+4, no daylight saving). Visitors were never
-- recorded before, so past days have none rather than a guess.
INSERT INTO "card_daily_stats" ("card_id", "user_id", "day", "action", "source", "events", "visitors")
SELECT e."card_id", c."user_id", ((e."created_at" + interval '4 hours') AT TIME ZONE 'UTC')::date, e."action", e."source", count(*)::int, 0
FROM "card_events" e JOIN "business_cards" c ON c."id" = e."card_id"
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- Leads: every inquiry and contact exchange so far.
INSERT INTO "card_daily_stats" ("card_id", "user_id", "day", "action", "source", "events", "visitors")
SELECT i."business_card_id", c."user_id", ((i."created_at" + interval '4 hours') AT TIME ZONE 'UTC')::date, 'inquiry', 'direct', count(*)::int, 0
FROM "inquiries" i JOIN "business_cards" c ON c."id" = i."business_card_id"
GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE "card_events" DROP COLUMN "type";