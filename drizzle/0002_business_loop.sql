ALTER TABLE "users" ADD COLUMN "subscription_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "users_subscription_end_idx" ON "users" USING btree ("subscription_status","subscription_period_end");--> statement-breakpoint
CREATE INDEX "users_stripe_subscription_idx" ON "users" USING btree ("stripe_subscription_id");