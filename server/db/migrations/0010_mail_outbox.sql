ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_status_valid";--> statement-breakpoint
DROP INDEX "mail_messages_publication_idx";--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "transfer_reminder_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "message_id" text;--> statement-breakpoint
UPDATE "mail_messages" SET "message_id" = '<m' || "id" || '.' || extract(epoch from "created_at")::bigint || '@yadoban.invalid>';--> statement-breakpoint
ALTER TABLE "mail_messages" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
UPDATE "mail_messages" SET "status" = 'queued' WHERE "status" = 'not_delivered';--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "to_name" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "smtp_reply" text;--> statement-breakpoint
ALTER TABLE "received_mails" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_message_id_key" ON "mail_messages" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_dedupe_key" ON "mail_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE "mail_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mail_messages_publication_idx" ON "mail_messages" USING btree ("publication_id","status");--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_transfer_reminder_days_range" CHECK ("accommodations"."transfer_reminder_days" between 0 and 60);--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_status_valid" CHECK ("mail_messages"."status" in ('queued', 'sending', 'sent', 'failed'));