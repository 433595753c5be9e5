ALTER TABLE "inquiries" ALTER COLUMN "inquirer_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "inquirer_company" varchar(100);--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "source" varchar(16) DEFAULT 'inquiry' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_source_check" CHECK ("inquiries"."source" in ('inquiry', 'exchange'));--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_reachable_check" CHECK ("inquiries"."inquirer_email" is not null or "inquiries"."inquirer_phone" is not null);--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_inquiry_email_check" CHECK ("inquiries"."source" <> 'inquiry' or "inquiries"."inquirer_email" is not null);