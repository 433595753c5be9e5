CREATE TYPE "public"."card_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."emirate" AS ENUM('dubai', 'abu_dhabi', 'sharjah', 'ajman', 'ras_al_khaimah', 'fujairah', 'umm_al_quwain');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female', 'other');--> statement-breakpoint
CREATE TYPE "public"."investment_interest" AS ENUM('real_estate', 'banking', 'technology', 'healthcare', 'education', 'hospitality', 'retail', 'manufacturing', 'startups');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('english', 'arabic', 'hindi', 'tamil', 'urdu', 'french', 'spanish', 'chinese', 'russian', 'german');--> statement-breakpoint
CREATE TYPE "public"."nationality" AS ENUM('uae', 'indian', 'pakistani', 'egyptian', 'lebanese', 'syrian', 'jordanian', 'palestinian', 'sudanese', 'british', 'american', 'canadian', 'australian', 'filipino', 'other');--> statement-breakpoint
CREATE TYPE "public"."property_status" AS ENUM('for_sale', 'for_rent', 'sold', 'rented');--> statement-breakpoint
CREATE TYPE "public"."property_type" AS ENUM('apartment', 'villa', 'townhouse', 'penthouse', 'studio', 'office', 'retail');--> statement-breakpoint
CREATE TYPE "public"."service_type" AS ENUM('company', 'lawyer', 'it_service_provider');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('visitor', 'real_estate_broker', 'banking_broker', 'real_estate_developer', 'investor', 'admin');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(32) NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"profession" varchar(200) NOT NULL,
	"company" varchar(200),
	"role_title" varchar(100),
	"phone" varchar(32),
	"country_code" varchar(8) DEFAULT '+971',
	"email" varchar(254),
	"gender" "gender",
	"nationality" "nationality",
	"age" integer,
	"years_of_experience" integer,
	"languages" "language"[] DEFAULT '{}' NOT NULL,
	"emirate" "emirate" DEFAULT 'dubai',
	"area" varchar(100),
	"office_address" text,
	"google_maps_link" text,
	"professional_bio" text,
	"sales_pitch" text,
	"value_proposition" text,
	"property_specialization" text[] DEFAULT '{}' NOT NULL,
	"bank_name" varchar(64),
	"services_offered" text[] DEFAULT '{}' NOT NULL,
	"financing_solutions" text,
	"project_portfolio_link" text,
	"investment_budget_range" varchar(32),
	"investment_interests" "investment_interest"[] DEFAULT '{}' NOT NULL,
	"investment_profile" text,
	"regions_of_interest" text[] DEFAULT '{}' NOT NULL,
	"description" text,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"profile_image_url" text,
	"qr_code" text,
	"vcard_data" text,
	"brn_number" varchar(20),
	"orn_number" varchar(20),
	"practice_card_number" varchar(30),
	"license_verified" boolean DEFAULT false NOT NULL,
	"license_verified_at" timestamp with time zone,
	"status" "card_status" DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"ai_generated" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"vcard_downloads" integer DEFAULT 0 NOT NULL,
	"qr_visits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_cards_age_check" CHECK ("business_cards"."age" is null or "business_cards"."age" between 18 and 100),
	CONSTRAINT "business_cards_experience_check" CHECK ("business_cards"."years_of_experience" is null or "business_cards"."years_of_experience" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "business_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"service_type" "service_type" NOT NULL,
	"category" varchar(64) NOT NULL,
	"description" text,
	"contact_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text,
	"city" varchar(100),
	"provider" varchar(200),
	"features" text[] DEFAULT '{}' NOT NULL,
	"price_label" varchar(100),
	"price_tier" varchar(16),
	"rating_x10" integer,
	"reviews" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"is_approved" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"type" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant1_id" uuid NOT NULL,
	"participant2_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_distinct_check" CHECK ("conversations"."participant1_id" <> "conversations"."participant2_id")
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_card_id" uuid NOT NULL,
	"inquirer_name" varchar(100) NOT NULL,
	"inquirer_email" varchar(254) NOT NULL,
	"inquirer_phone" varchar(32),
	"inquiry_type" varchar(32) NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_ref" text NOT NULL,
	"amount_aed" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"property_type" "property_type" NOT NULL,
	"status" "property_status" NOT NULL,
	"price" integer NOT NULL,
	"bedrooms" integer,
	"bathrooms" integer,
	"area" integer,
	"address" text,
	"city" varchar(100),
	"location" varchar(100),
	"image_urls" text[] DEFAULT '{}' NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"permit_number" varchar(40),
	"is_approved" boolean DEFAULT false NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_price_check" CHECK ("properties"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp (6) with time zone NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"username" varchar(64),
	"password_hash" text,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"phone_number" varchar(32) NOT NULL,
	"country_code" varchar(8) NOT NULL,
	"profile_image_url" text,
	"role" "user_role" DEFAULT 'investor' NOT NULL,
	"role_chosen" boolean DEFAULT false NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_token" text,
	"email_verification_expires" timestamp with time zone,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"subscription_period_end" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"phone" varchar(32),
	"company" varchar(200),
	"position" varchar(200),
	"bio" text,
	"preferred_language" varchar(2) DEFAULT 'en' NOT NULL,
	"card_visibility" varchar(16) DEFAULT 'public' NOT NULL,
	"notification_prefs" jsonb DEFAULT '{"messages":true,"inquiries":true,"cardStatus":true,"subscription":true}'::jsonb NOT NULL,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"recovery_codes" jsonb,
	"suspended_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_cards" ADD CONSTRAINT "business_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_services" ADD CONSTRAINT "business_services_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_participant1_id_users_id_fk" FOREIGN KEY ("participant1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_participant2_id_users_id_fk" FOREIGN KEY ("participant2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_business_card_id_business_cards_id_fk" FOREIGN KEY ("business_card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "business_cards_user_idx" ON "business_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_cards_public_idx" ON "business_cards" USING btree ("status","is_public","created_at");--> statement-breakpoint
CREATE INDEX "business_services_category_idx" ON "business_services" USING btree ("is_approved","category");--> statement-breakpoint
CREATE INDEX "card_events_card_idx" ON "card_events" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree (least("participant1_id", "participant2_id"),greatest("participant1_id", "participant2_id"));--> statement-breakpoint
CREATE INDEX "conversations_p1_idx" ON "conversations" USING btree ("participant1_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_p2_idx" ON "conversations" USING btree ("participant2_id","last_message_at");--> statement-breakpoint
CREATE INDEX "inquiries_card_idx" ON "inquiries" USING btree ("business_card_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE "messages"."is_read" = false;--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "properties_user_idx" ON "properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "properties_listing_idx" ON "properties" USING btree ("is_approved","status","created_at");--> statement-breakpoint
CREATE INDEX "properties_price_idx" ON "properties" USING btree ("is_approved","status","price");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");