ALTER TABLE "mail_publications" ADD COLUMN "expanded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "mail_publications" SET "expanded_at" = "created_at";