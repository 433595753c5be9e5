CREATE TABLE "card_licence_checks" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"status" varchar(20) NOT NULL,
	"valid_until" date,
	"register_name_en" text,
	"register_name_ar" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_brokers" (
	"brn" varchar(20) PRIMARY KEY NOT NULL,
	"name_en" text,
	"name_ar" text,
	"office_number" varchar(20),
	"office_name_en" text,
	"phone" varchar(40),
	"email" text,
	"license_start" date,
	"license_end" date,
	"last_import_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"actor_id" uuid,
	"source" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"unreadable" integer DEFAULT 0 NOT NULL,
	"unreadable_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_offices" (
	"orn" varchar(20) PRIMARY KEY NOT NULL,
	"name_en" text,
	"name_ar" text,
	"license_end" date,
	"last_import_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "card_licence_checks_status_idx" ON "card_licence_checks" USING btree ("status");