CREATE TABLE "hubspot_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"brokerage_id" uuid,
	"token_sealed" text NOT NULL,
	"portal_id" varchar(32),
	"ui_domain" varchar(120),
	"account_type" varchar(40),
	"connected_by" uuid NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_status" varchar(16),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hubspot_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"note_id" varchar(32),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hubspot_syncs" (
	"connection_id" uuid NOT NULL,
	"item_kind" varchar(16) NOT NULL,
	"item_id" uuid NOT NULL,
	"label" varchar(160),
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"hubspot_contact_id" varchar(32),
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hubspot_syncs_connection_id_item_kind_item_id_pk" PRIMARY KEY("connection_id","item_kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "hubspot_jobs" ADD CONSTRAINT "hubspot_jobs_connection_id_hubspot_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."hubspot_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubspot_jobs" ADD CONSTRAINT "hubspot_jobs_event_id_webhook_outbox_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubspot_syncs" ADD CONSTRAINT "hubspot_syncs_connection_id_hubspot_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."hubspot_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hubspot_connections_user_idx" ON "hubspot_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hubspot_connections_brokerage_idx" ON "hubspot_connections" USING btree ("brokerage_id");--> statement-breakpoint
CREATE INDEX "hubspot_jobs_due_idx" ON "hubspot_jobs" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "hubspot_jobs_connection_idx" ON "hubspot_jobs" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "hubspot_syncs_recent_idx" ON "hubspot_syncs" USING btree ("connection_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "hubspot_connections" ADD CONSTRAINT "hubspot_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubspot_connections" ADD CONSTRAINT "hubspot_connections_brokerage_id_brokerages_id_fk" FOREIGN KEY ("brokerage_id") REFERENCES "public"."brokerages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubspot_connections" ADD CONSTRAINT "hubspot_connections_one_owner" CHECK (("user_id" IS NULL) <> ("brokerage_id" IS NULL));
