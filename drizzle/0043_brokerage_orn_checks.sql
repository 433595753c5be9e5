CREATE TABLE "brokerage_orn_checks" (
	"brokerage_id" uuid PRIMARY KEY NOT NULL,
	"status" varchar(20) NOT NULL,
	"valid_until" date,
	"register_name_en" text,
	"register_name_ar" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "brokerage_orn_checks_status_idx" ON "brokerage_orn_checks" USING btree ("status");