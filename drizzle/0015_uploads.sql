CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"orphaned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "uploads_orphaned_idx" ON "uploads" USING btree ("orphaned_at") WHERE "uploads"."orphaned_at" is not null;