ALTER TABLE "card_daily_totals" ADD COLUMN "from_nfc" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_daily_totals" ADD COLUMN "from_background" integer DEFAULT 0 NOT NULL;