-- A contact book and a user's templates go with the user (declared here: the module's schema file
-- does not import the users table, which would make the schema files import each other).
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade;
--> statement-breakpoint
-- A deleted card leaves the contact, without its link.
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE set null;
