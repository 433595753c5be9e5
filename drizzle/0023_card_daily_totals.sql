CREATE TABLE "card_daily_totals" (
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"contact_saves" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"whatsapp_clicks" integer DEFAULT 0 NOT NULL,
	"email_clicks" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"from_direct" integer DEFAULT 0 NOT NULL,
	"from_qr" integer DEFAULT 0 NOT NULL,
	"from_directory" integer DEFAULT 0 NOT NULL,
	"from_search" integer DEFAULT 0 NOT NULL,
	"from_whatsapp" integer DEFAULT 0 NOT NULL,
	"from_linkedin" integer DEFAULT 0 NOT NULL,
	"from_email" integer DEFAULT 0 NOT NULL,
	"from_x" integer DEFAULT 0 NOT NULL,
	"from_facebook" integer DEFAULT 0 NOT NULL,
	"from_telegram" integer DEFAULT 0 NOT NULL,
	"from_other" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_daily_totals_card_id_day_pk" PRIMARY KEY("card_id","day")
);
--> statement-breakpoint
-- Data (issue 14), before card_daily_stats goes: its rows by card and day, one column per action
-- and per source of views (the benchmark showed a row per action and source too many to add up
-- for a team's 90 days in tens of milliseconds).
INSERT INTO "card_daily_totals" ("card_id", "user_id", "day", "visitors", "views", "contact_saves", "calls",
  "whatsapp_clicks", "email_clicks", "shares", "leads", "from_direct", "from_qr", "from_directory", "from_search",
  "from_whatsapp", "from_linkedin", "from_email", "from_x", "from_facebook", "from_telegram", "from_other")
SELECT "card_id", "user_id", "day", sum("visitors"),
  coalesce(sum("events") FILTER (WHERE "action" = 'view'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'contact_saved'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'call'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'whatsapp'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'email'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'share'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'inquiry'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'direct'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'qr'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'directory'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'search'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'whatsapp'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'linkedin'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'email'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'x'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'facebook'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'telegram'), 0),
  coalesce(sum("events") FILTER (WHERE "action" = 'view' AND "source" = 'other'), 0)
FROM "card_daily_stats" GROUP BY "card_id", "user_id", "day";--> statement-breakpoint
DROP TABLE "card_daily_stats" CASCADE;--> statement-breakpoint
ALTER TABLE "card_daily_totals" ADD CONSTRAINT "card_daily_totals_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_daily_totals" ADD CONSTRAINT "card_daily_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_daily_totals_user_day_idx" ON "card_daily_totals" USING btree ("user_id","day");