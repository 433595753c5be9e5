-- A user's and a brokerage's keys go with them (declared here: the module's schema file does not
-- import the users and brokerages tables, which would make the schema files import each other).
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_brokerage_id_brokerages_id_fk" FOREIGN KEY ("brokerage_id") REFERENCES "public"."brokerages"("id") ON DELETE cascade;
--> statement-breakpoint
-- The audit entry stays when its key is gone; it then no longer names one.
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null;
