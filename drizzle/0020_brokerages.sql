CREATE TABLE "brokerage_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brokerage_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" varchar(16) DEFAULT 'member' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokerage_invitations_role_check" CHECK ("brokerage_invitations"."role" in ('manager', 'member'))
);
--> statement-breakpoint
CREATE TABLE "brokerage_members" (
	"brokerage_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" varchar(16) DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokerage_members_brokerage_id_user_id_pk" PRIMARY KEY("brokerage_id","user_id"),
	CONSTRAINT "brokerage_members_role_check" CHECK ("brokerage_members"."role" in ('owner', 'manager', 'member'))
);
--> statement-breakpoint
CREATE TABLE "brokerage_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brokerage_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_id" uuid,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brokerages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(80) NOT NULL,
	"name" varchar(200) NOT NULL,
	"name_ar" varchar(200),
	"orn_number" varchar(20) NOT NULL,
	"trade_licence_number" varchar(40) NOT NULL,
	"logo_url" text,
	"primary_color" varchar(7),
	"secondary_color" varchar(7),
	"office_address" text,
	"emirate" "emirate" DEFAULT 'dubai' NOT NULL,
	"orn_verified" boolean DEFAULT false NOT NULL,
	"orn_verified_at" timestamp with time zone,
	"locked_fields" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokerages_primary_color_check" CHECK ("brokerages"."primary_color" is null or "brokerages"."primary_color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "brokerages_secondary_color_check" CHECK ("brokerages"."secondary_color" is null or "brokerages"."secondary_color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "brokerage_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "assigned_to_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "brokerage_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seat_user_ids" uuid[];--> statement-breakpoint
ALTER TABLE "brokerage_invitations" ADD CONSTRAINT "brokerage_invitations_brokerage_id_brokerages_id_fk" FOREIGN KEY ("brokerage_id") REFERENCES "public"."brokerages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_invitations" ADD CONSTRAINT "brokerage_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_invitations" ADD CONSTRAINT "brokerage_invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_members" ADD CONSTRAINT "brokerage_members_brokerage_id_brokerages_id_fk" FOREIGN KEY ("brokerage_id") REFERENCES "public"."brokerages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_members" ADD CONSTRAINT "brokerage_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_seats" ADD CONSTRAINT "brokerage_seats_brokerage_id_brokerages_id_fk" FOREIGN KEY ("brokerage_id") REFERENCES "public"."brokerages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_seats" ADD CONSTRAINT "brokerage_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_seats" ADD CONSTRAINT "brokerage_seats_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerages" ADD CONSTRAINT "brokerages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brokerage_invitations_token_idx" ON "brokerage_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "brokerage_invitations_brokerage_idx" ON "brokerage_invitations" USING btree ("brokerage_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "brokerage_members_user_idx" ON "brokerage_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "brokerage_members_role_idx" ON "brokerage_members" USING btree ("brokerage_id","role");--> statement-breakpoint
CREATE INDEX "brokerage_seats_brokerage_idx" ON "brokerage_seats" USING btree ("brokerage_id","period_end");--> statement-breakpoint
CREATE INDEX "brokerage_seats_user_idx" ON "brokerage_seats" USING btree ("user_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "brokerages_slug_idx" ON "brokerages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "brokerages_orn_idx" ON "brokerages" USING btree (upper("orn_number"));--> statement-breakpoint
CREATE INDEX "lead_notes_inquiry_idx" ON "lead_notes" USING btree ("inquiry_id","created_at");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_brokerage_id_brokerages_id_fk" FOREIGN KEY ("brokerage_id") REFERENCES "public"."brokerages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_brokerage_id_brokerages_id_fk" FOREIGN KEY ("brokerage_id") REFERENCES "public"."brokerages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_brokerage_idx" ON "inquiries" USING btree ("brokerage_id","created_at" DESC NULLS LAST) WHERE "inquiries"."brokerage_id" is not null;--> statement-breakpoint
-- Issue 14: a brokerage's details and its members show on member cards, the brokerage page and
-- the directory's brokerage filter, so changing them changes the cached public lists too.
CREATE CONSTRAINT TRIGGER "brokerages_list_version" AFTER INSERT OR UPDATE OR DELETE ON "brokerages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bitaqa_bump_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "brokerage_members_list_version" AFTER INSERT OR UPDATE OR DELETE ON "brokerage_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bitaqa_bump_list_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "brokerage_seats_list_version" AFTER INSERT OR UPDATE OR DELETE ON "brokerage_seats"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bitaqa_bump_list_version();
