ALTER TABLE "card_licence_checks" ADD COLUMN "notice30_for" date;--> statement-breakpoint
ALTER TABLE "card_licence_checks" ADD COLUMN "notice7_for" date;