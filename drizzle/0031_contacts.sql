CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_ar" varchar(120),
	"title" varchar(120),
	"company" varchar(160),
	"phones" text[] DEFAULT '{}' NOT NULL,
	"emails" text[] DEFAULT '{}' NOT NULL,
	"website" varchar(300),
	"address" varchar(300),
	"brn" varchar(20),
	"orn" varchar(20),
	"photo_url" text,
	"notes" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"event" varchar(120),
	"source" varchar(16) DEFAULT 'manual' NOT NULL,
	"card_id" uuid,
	"follow_up_on" date,
	"follow_up_note" varchar(300),
	"reminded_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_doc" text GENERATED ALWAYS AS (bitaqa_contact_doc((name)::text, (name_ar)::text, (title)::text, (company)::text, phones, emails, notes, tags, (event)::text, (address)::text)) STORED
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" varchar(80) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contacts_owner_recent_idx" ON "contacts" USING btree ("owner_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_owner_name_idx" ON "contacts" USING btree ("owner_id",bitaqa_fold((name)::text),"id");--> statement-breakpoint
CREATE INDEX "contacts_owner_follow_up_idx" ON "contacts" USING btree ("owner_id","follow_up_on");--> statement-breakpoint
CREATE INDEX "contacts_search_doc_trgm_idx" ON "contacts" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contacts_emails_idx" ON "contacts" USING gin ("emails");--> statement-breakpoint
CREATE INDEX "contacts_phones_idx" ON "contacts" USING gin ("phones");--> statement-breakpoint
CREATE INDEX "message_templates_owner_idx" ON "message_templates" USING btree ("owner_id");